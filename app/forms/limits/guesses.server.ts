import { ipKeyGenerator } from "express-rate-limit";
import { getConfig } from "~/config.server";
import { Allowance, takeTries, type Charge } from "./allowance.server";

/**
 * The limits on what can be guessed through the site's forms and links (decision 022): each
 * counts on the thing guessed as well as on the address, and takes a try back when it was no
 * wrong guess, so honest visitors who share an address never use up each other's tries.
 */

/** The address a limit counts on: IPv6 by its /56 (one home or office), IPv4 as it is. */
export function addressKey(clientIp: string | undefined): string {
  return clientIp ? ipKeyGenerator(clientIp) : "unknown";
}

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
export const SIGN_IN_ADDRESS_FAILURES = 50;
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
const codesEverywhere = new Allowance("code-global", {
  limit: () => getConfig().codeGuessLimit.global,
  windowMs: () => getConfig().codeGuessLimit.windowMs,
});

function codeCharges(kind: CodeKind, clientIp: string | undefined): Charge[] {
  return [
    { allowance: codesPerAddress, key: `${kind} ${addressKey(clientIp)}` },
    { allowance: codesEverywhere, key: kind },
  ];
}

/** A code was not checked: its kind's tries are used up here, or everywhere. */
export const TRIES_SPENT = Symbol("tries spent");

/**
 * Checks a code under its kind's limits: `check` is called only when the address and the whole
 * site have a try left; a wrong code (`isWrong`) keeps its try counted, a right one or a failing
 * upstream (a throw, passed on) takes it back.
 */
export async function checkCode<T>(
  kind: CodeKind,
  clientIp: string | undefined,
  check: () => Promise<T>,
  isWrong: (answer: T) => boolean,
): Promise<T | typeof TRIES_SPENT> {
  const tries = await takeTries(codeCharges(kind, clientIp));
  if (!tries.allowed) return TRIES_SPENT;
  let answer: T;
  try {
    answer = await check();
  } catch (error) {
    await tries.giveBack();
    throw error;
  }
  if (!isWrong(answer)) await tries.giveBack();
  return answer;
}
