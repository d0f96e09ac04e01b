import { randomBytes } from "node:crypto";

/**
 * The sandbox's accounts (for `npm start`, tests and demos): one per state the site shows.
 * Every account's password is SANDBOX_PASSWORD. A sign-in hands out a token that starts with the
 * account's demo token (the sandbox shop's upgrade check reads that prefix, ../sales/upgrades.ts);
 * the demo token itself also stays valid so tests can hold a session without signing in.
 */
export const SANDBOX_PASSWORD = "Sandbox-Pass-2026";

const DAY_S = 24 * 60 * 60;

export type SandboxAccountKind =
  | "active"
  | "expired"
  | "lifetime"
  | "teams"
  | "banned"
  | "unconfirmed"
  | "locked"
  | "social"
  | "maintenance"
  | "stale";

export interface SandboxAccount {
  email: string;
  kind: SandboxAccountKind;
  /** Demo token: prefix of every token the account is given. */
  token: string;
  /** The sign-in is refused with this key (after the password matched, as the service does). */
  refusal?: { status: number; key: string };
  /** The plan and the times, relative to now (seconds). */
  plan: string;
  createdAgo: number;
  expiresIn: number;
  /** Every user-info call with this account's tokens answers 401 (a session the service ended). */
  sessionEnds?: boolean;
}

const ACCOUNTS: readonly SandboxAccount[] = [
  {
    email: "active@keynest.example",
    kind: "active",
    token: "sandbox-monthly",
    plan: "1 year",
    createdAgo: 270 * DAY_S,
    expiresIn: 95 * DAY_S + 5 * 3600,
  },
  {
    email: "expired@keynest.example",
    kind: "expired",
    token: "sandbox-expired",
    plan: "1 month",
    createdAgo: 40 * DAY_S,
    expiresIn: -10 * DAY_S,
  },
  {
    email: "lifetime@keynest.example",
    kind: "lifetime",
    token: "sandbox-lifetime",
    plan: "100 years",
    createdAgo: 400 * DAY_S,
    expiresIn: 100 * 365 * DAY_S,
  },
  {
    email: "teams@keynest.example",
    kind: "teams",
    token: "sandbox-higher-plan",
    plan: "100 years",
    createdAgo: 30 * DAY_S,
    expiresIn: 100 * 365 * DAY_S,
  },
  {
    email: "banned@keynest.example",
    kind: "banned",
    token: "sandbox-banned",
    refusal: { status: 403, key: "ACCOUNT_BANNED" },
    plan: "1 month",
    createdAgo: 60 * DAY_S,
    expiresIn: 5 * DAY_S,
  },
  {
    email: "unconfirmed@keynest.example",
    kind: "unconfirmed",
    token: "sandbox-unconfirmed",
    refusal: { status: 403, key: "ACCOUNT_NOT_CONFIRMED" },
    plan: "1 month",
    createdAgo: DAY_S,
    expiresIn: 29 * DAY_S,
  },
  {
    email: "locked@keynest.example",
    kind: "locked",
    token: "sandbox-locked",
    refusal: { status: 429, key: "LOGIN_ATTEMPTS_EXCEEDED" },
    plan: "1 month",
    createdAgo: 10 * DAY_S,
    expiresIn: 20 * DAY_S,
  },
  {
    email: "social@keynest.example",
    kind: "social",
    token: "sandbox-social",
    refusal: { status: 400, key: "EMAIL_ALREADY_USED_FOR_LOGIN" },
    plan: "1 month",
    createdAgo: 10 * DAY_S,
    expiresIn: 20 * DAY_S,
  },
  {
    email: "maintenance@keynest.example",
    kind: "maintenance",
    token: "sandbox-maintenance",
    refusal: { status: 503, key: "SERVER_MAINTENANCE" },
    plan: "1 month",
    createdAgo: 10 * DAY_S,
    expiresIn: 20 * DAY_S,
  },
  {
    email: "stale@keynest.example",
    kind: "stale",
    token: "sandbox-stale",
    plan: "1 month",
    createdAgo: 10 * DAY_S,
    expiresIn: 20 * DAY_S,
    sessionEnds: true,
  },
];

/**
 * Fast-login codes, as the provider e-mails them in a link (`/sign-in?fast=<code>`): each signs
 * its account in. Reusable in the sandbox, so demos and tests can follow a link more than once.
 */
export const FAST_LOGIN_CODES: Readonly<Record<string, string>> = {
  "fast-active-2026": "active@keynest.example",
  "fast-stale-2026": "stale@keynest.example",
};

export type LoginAnswer =
  { ok: true; authToken: string; accessToken: string } | { ok: false; status: number; key: string };

export interface UserInfo {
  email: string;
  plan: string;
  status: { createdtime: number; expiredtime: number };
  autologin_url: string;
}

/** The sandbox's accounts, their passwords (changeable) and the tokens handed out. */
export class SandboxAccounts {
  private readonly passwords = new Map<string, string>();
  private readonly tokens = new Map<string, string>();
  /** Web vault session ids handed out in autologin URLs, by account e-mail. */
  private readonly vaultSessions = new Map<string, string>();
  /** The time zone offsets fast logins were sent with (what the site adds to the body). */
  readonly fastLoginZones: string[] = [];
  /** When the accounts' times count from (seconds): the sandbox's start. */
  private readonly epoch = Math.floor(Date.now() / 1000);

  constructor(private readonly webVault: string) {
    for (const account of ACCOUNTS) this.passwords.set(account.email, SANDBOX_PASSWORD);
  }

  static all(): readonly SandboxAccount[] {
    return ACCOUNTS;
  }

  static byKind(kind: SandboxAccountKind): SandboxAccount {
    return ACCOUNTS.find((account) => account.kind === kind)!;
  }

  login(email: string, password: string): LoginAnswer {
    const account = ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
    if (!account || this.passwords.get(account.email) !== password) {
      return { ok: false, status: 401, key: "INVALID_USERNAME_OR_PASSWORD" };
    }
    return this.issue(account);
  }

  /** The account a fast-login code signs in, or null. */
  fastLoginAccount(code: string): SandboxAccount | null {
    const email = Object.hasOwn(FAST_LOGIN_CODES, code) ? FAST_LOGIN_CODES[code] : undefined;
    return ACCOUNTS.find((a) => a.email === email) ?? null;
  }

  fastLogin(code: string, timezone: string): LoginAnswer {
    const account = this.fastLoginAccount(code);
    if (!account) return { ok: false, status: 401, key: "EXPIRED_SESSION" };
    this.fastLoginZones.push(timezone);
    return this.issue(account);
  }

  /** Signs in the account whose web vault session id this is (from its autologin URL). */
  autologin(session: string): LoginAnswer {
    const email = [...this.vaultSessions].find(([, id]) => id === session)?.[0];
    const account = ACCOUNTS.find((a) => a.email === email);
    return account ? this.issue(account) : { ok: false, status: 401, key: "EXPIRED_SESSION" };
  }

  private issue(account: SandboxAccount): LoginAnswer {
    if (account.refusal) return { ok: false, ...account.refusal };
    const authToken = `${account.token}.${randomBytes(12).toString("hex")}`;
    const accessToken = `access.${randomBytes(12).toString("hex")}`;
    this.tokens.set(authToken, account.email);
    return { ok: true, authToken, accessToken };
  }

  /** The account a token belongs to: one handed out, or an account's demo token. */
  accountOf(token: string | null): SandboxAccount | null {
    if (!token) return null;
    const email = this.tokens.get(token);
    const account = email
      ? ACCOUNTS.find((a) => a.email === email)
      : ACCOUNTS.find((a) => a.token === token);
    return account && !account.sessionEnds ? account : null;
  }

  userInfo(account: SandboxAccount): UserInfo {
    let session = this.vaultSessions.get(account.email);
    if (!session) {
      session = randomBytes(12).toString("hex");
      this.vaultSessions.set(account.email, session);
    }
    return {
      email: account.email,
      plan: account.plan,
      status: {
        createdtime: this.epoch - account.createdAgo,
        expiredtime: this.epoch + account.expiresIn,
      },
      autologin_url: `${this.webVault}/autologin?session=${session}`,
    };
  }

  changePassword(account: SandboxAccount, current: string, next: string): string | null {
    if (this.passwords.get(account.email) !== current) return "INVALID_USERNAME_OR_PASSWORD";
    this.passwords.set(account.email, next);
    return null;
  }

  logout(token: string): void {
    this.tokens.delete(token);
  }
}
