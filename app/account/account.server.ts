import type { AccountState } from "~/root-data";
import { readSession } from "./session.server";

/** Signed in = the session holds an upstream token (SPEC §6). */
export function getAccountState(request: Request): AccountState {
  const session = readSession(request);
  return { signedIn: session !== null, vaultSession: Boolean(session?.sessionId) };
}
