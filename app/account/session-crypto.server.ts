import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The session cookie's value: the visitor's upstream tokens sealed with AES-256-GCM under a key
 * derived from SESSION_SECRET (HKDF-SHA256). The cookie is not only signed but unreadable, so a
 * stolen log line or a browser extension reading cookies learns nothing, and any change to it
 * fails authentication. Each sealed value carries its own expiry and a random id: signing in
 * again always yields a new value (no fixation), and an old secret's values no longer open.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A cookie value longer than this is not one of ours (browsers keep about 4 KB per cookie). */
export const MAX_SEALED_LENGTH = 3800;

const tokenField = z.string().min(1).max(1024);

export const sessionPayloadSchema = z.object({
  /** Random per sign-in. */
  sid: z.string().regex(/^[0-9a-f]{32}$/),
  /** Issued and expiry times, milliseconds. */
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
  authToken: tokenField,
  accessToken: tokenField.optional(),
  /** From the autologin URL: the web vault link carries it as `?session=`. */
  sessionId: z.string().min(1).max(256).optional(),
});

export type SessionPayload = z.infer<typeof sessionPayloadSchema>;
/** What a sign-in puts in a session; id and times are added when it is sealed. */
export type SessionContent = Omit<SessionPayload, "sid" | "iat" | "exp">;

export function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "keynest-session", "session cookie v1", 32));
}

/** A fresh session (new id, ending `maxAgeMs` from now) holding `content`, sealed for a cookie. */
export function seal(content: SessionContent, key: Buffer, now: number, maxAgeMs: number) {
  const payload: SessionPayload = {
    ...content,
    sid: randomBytes(16).toString("hex"),
    iat: now,
    exp: now + maxAgeMs,
  };
  return { payload, sealed: sealPayload(payload, key) };
}

/** Seals a payload as it is (a session whose content changed keeps its id and expiry). */
export function sealPayload(payload: SessionPayload, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/**
 * The session in a cookie value, or null for anything that is not a live session of ours:
 * malformed, too long, tampered, sealed under another key, expired or of an unknown shape.
 */
export function open(value: string | null | undefined, key: Buffer, now: number) {
  if (!value || value.length > MAX_SEALED_LENGTH || !value.startsWith(`${VERSION}.`)) return null;
  const raw = value.slice(VERSION.length + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const bytes = Buffer.from(raw, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  let text: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = sessionPayloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const payload = parsed.data;
  return payload.exp > now && payload.iat <= now + 60_000 ? payload : null;
}
