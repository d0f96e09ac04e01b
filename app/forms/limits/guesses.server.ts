import { getConfig } from "~/config/config.server";
import { log } from "~/observability/log.server";
import { recordCodeGuessAlert } from "~/observability/metrics.server";
import { addressKey } from "./address";
import { Allowance, takeTries } from "./allowance.server";

/**
 * The limits on what can be guessed through the site's forms and links (decision 022): each
 * counts on the thing guessed as well as on the address, and takes a try back when it was no
 * wrong guess, so honest visitors who share an address never use up each other's tries.
 */

export { addressKey } from "./address";

const formWindow = () => getConfig().formRateLimit.windowMs;
const signInWindow = () => getConfig().signInAccountLimit.windowMs;

/** Failed sign-ins per account and address, or per account and browser it signed in from. */
export const signInPerAccount = new Allowance("sign-in", {
  limit: () => getConfig().signInAccountLimit.limit,
  windowMs: signInWindow,
});

/** Failed sign-ins per account from browsers it never signed in from, every address together. */
export const signInNewDevices = new Allowance("sign-in-new-device", {
  limit: () => getConfig().signInNewDeviceLimit,
  windowMs: signInWindow,
});

/**
 * Failed sign-ins from one address over all accounts (one password tried on many accounts): far
 * above what the people behind one address get wrong in ten minutes, far below a spraying run.
 */
const SIGN_IN_ADDRESS_FAILURES = 50;
export const signInPerAddress = new Allowance("sign-in-address", {
  limit: () => SIGN_IN_ADDRESS_FAILURES,
  windowMs: formWindow,
});

/**
 * The codes the site checks for a visitor, each kind with its own tries: bonus and redeem codes,
 * sign-in link codes, and the order ids and hashes an outcome page looks up.
 */
export type CodeKind = "bonus" | "redeem" | "sign-in-link" | "order";

const codesPerAddress = new Allowance("code-address", {
  limit: () => getConfig().codeGuessLimit.perAddress,
  windowMs: () => getConfig().codeGuessLimit.windowMs,
});
/**
 * Wrong codes of each kind from every address together. Past its level this is an alert, never a
 * refusal: a flood of wrong guesses from many addresses must not turn away a buyer with a right
 * code (their own order, a valid bonus or redeem code, a sign-in link). Codes are then still
 * checked, under each address's own limit; the log says so once a window and a metric counts it.
 */
const codesEverywhere = new Allowance("code-global", {
  limit: () => getConfig().codeGuessLimit.global,
  windowMs: () => getConfig().codeGuessLimit.windowMs,
});

/** When each kind last logged its site-wide alert (one line a window, not one a guess). */
const alerted = new Map<CodeKind, number>();

async function countSiteWide(kind: CodeKind, now = Date.now()): Promise<void> {
  if (await codesEverywhere.take(kind)) return;
  recordCodeGuessAlert(kind);
  const windowMs = getConfig().codeGuessLimit.windowMs;
  if (now - (alerted.get(kind) ?? -Infinity) < windowMs) return;
  alerted.set(kind, now);
  log.warn(
    `More than ${getConfig().codeGuessLimit.global} ${kind} codes checked site-wide in ${windowMs / 60_000} min: ` +
      "guessing from many addresses? Codes are still checked under each address's limit",
  );
}

/** A code was not checked: its kind's tries are used up at this address. */
export const TRIES_SPENT = Symbol("tries spent");

/**
 * Checks a code under its kind's limits: `check` is called only when the address has a try left;
 * a wrong code (`isWrong`) keeps its try counted, a right one or a failing upstream (a throw,
 * passed on) takes it back. Every try is also counted site-wide, where too many only raise an
 * alert (`countSiteWide`): a right code is never refused for what other addresses did.
 */
export async function checkCode<T>(
  kind: CodeKind,
  clientIp: string | undefined,
  check: () => Promise<T>,
  isWrong: (answer: T) => boolean,
): Promise<T | typeof TRIES_SPENT> {
  const key = `${kind} ${addressKey(clientIp)}`;
  const tries = await takeTries([{ allowance: codesPerAddress, key }]);
  if (!tries.allowed) return TRIES_SPENT;
  await countSiteWide(kind);
  let answer: T;
  try {
    answer = await check();
  } catch (error) {
    await Promise.all([tries.giveBack(), codesEverywhere.giveBack(kind)]);
    throw error;
  }
  if (!isWrong(answer)) await Promise.all([tries.giveBack(), codesEverywhere.giveBack(kind)]);
  return answer;
}
