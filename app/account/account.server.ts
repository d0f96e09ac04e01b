import type { AccountState } from "~/root-data";
import { getSession } from "./session.server";

/** Signed in = the session holds an upstream token (SPEC §6). */
export async function getAccountState(request: Request): Promise<AccountState> {
  if (!request.headers.get("cookie")?.includes("__session=")) {
    return { signedIn: false, vaultSession: false };
  }
  const session = await getSession(request);
  return {
    signedIn: Boolean(session.get("authToken")),
    vaultSession: Boolean(session.get("sessionId")),
  };
}
