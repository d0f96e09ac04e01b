import { log } from "~/observability/log.server";
import { getUserInfo, type UserInfo } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";
import { endSession, noteSessionAccount, readSession, type Session } from "./session.server";

/**
 * Who is asking, as the provider sees it: nobody; a signed-in visitor with their user info (null
 * when the service could not be asked); or a session the service no longer knows (a 401 from
 * `user-info/`: the site signs the visitor out, SPEC §4).
 */
export type Visitor =
  | { state: "anonymous" }
  | { state: "signedIn"; session: Session; info: UserInfo | null }
  | { state: "ended" };

const lookups = new WeakMap<Request, Promise<Visitor>>();

/** The visitor of a request; asked upstream once per request (root and page loaders share it). */
export function visitorOf(request: Request): Promise<Visitor> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUp(request: Request): Promise<Visitor> {
  const session = await readSession(request);
  if (!session) return { state: "anonymous" };
  try {
    const info = await getUserInfo({
      authToken: session.authToken,
      accessToken: session.accessToken,
    });
    // A sign-in by link did not know the account: a password change must reach this session too.
    if (info.email) await noteSessionAccount(session, info.email);
    return { state: "signedIn", session, info };
  } catch (error) {
    if (isUpstreamError(error) && error.statusCode === 401) {
      await endSession(request);
      return { state: "ended" };
    }
    log.warn("User info unavailable", error);
    return { state: "signedIn", session, info: null };
  }
}
