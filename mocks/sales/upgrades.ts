/**
 * What the sandbox's `sales/check-upgrade-possibility/` answers for a signed-in visitor, by the
 * visitor's demo token: an account that already has lifetime, one with a higher plan than any
 * sold as an upgrade, and (any other token) an account on the 1-month personal plan that may
 * upgrade to whatever it is offered.
 */
export const UPGRADE_DEMO_TOKENS = {
  lifetime: "sandbox-lifetime",
  higherPlan: "sandbox-higher-plan",
  monthly: "sandbox-monthly",
} as const;

export const UPGRADE_REFUSALS = ["HAS_LIFETIME", "HAS_HIGHER_PLAN"] as const;

export type UpgradeAnswer =
  | { possible: true; current: string }
  | { possible: false; reason: (typeof UPGRADE_REFUSALS)[number] };

export function upgradeAnswerFor(signedInToken: string): UpgradeAnswer {
  // A sign-in's token starts with its account's demo token (../auth/accounts.ts).
  const token = signedInToken.split(".")[0] ?? signedInToken;
  if (token === UPGRADE_DEMO_TOKENS.lifetime) return { possible: false, reason: "HAS_LIFETIME" };
  if (token === UPGRADE_DEMO_TOKENS.higherPlan) {
    return { possible: false, reason: "HAS_HIGHER_PLAN" };
  }
  return { possible: true, current: "1 MONTH" };
}
