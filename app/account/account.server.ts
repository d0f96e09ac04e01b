import { getT } from "~/i18n/i18n.server";
import type { LangCode } from "~/i18n/languages";
import type { AccountState } from "./account-state";
import { statusText, subscriptionStatus } from "./status";
import type { Visitor } from "./user.server";

/**
 * What every page shows of the visitor (SPEC §6): signed in or not, whether the web vault link
 * goes through the server with a session id, and the subscription status in the page's language.
 */
export function accountState(visitor: Visitor, lang: LangCode, now = Date.now()): AccountState {
  if (visitor.state !== "signedIn") return { signedIn: false, vaultSession: false, status: null };
  const info = visitor.info;
  return {
    signedIn: true,
    vaultSession: Boolean(visitor.session.sessionId),
    status: info ? statusText(subscriptionStatus(info.status, now), lang, getT(lang)) : null,
  };
}
