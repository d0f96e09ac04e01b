import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { siteCookie } from "~/http/set-cookie.server";
import { splitLangPath } from "~/i18n/paths";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { safeRedirectPath } from "~/http/redirects";
import { isUpstreamError } from "~/upstream/errors";
import { captchaConfigured, verifyCaptcha } from "./captcha.server";
import { FLASH_COOKIE, FLASH_SECONDS, serializeFlash, type FlashForm } from "./flash";
import { consumeFormPost } from "./form-limit.server";
import { isSpam } from "./honeypot.server";
import { takeTries, type Charge } from "./limits/allowance.server";
import type { FormReply } from "./reply";
import { JS_FIELD, M } from "./schemas";

/** The request a form handler sends on behalf of. */
export interface FormContext {
  request: Request;
  /** The page's language and its path without the prefix (`/help/manuals`). */
  lang: LangCode;
  path: string;
  clientIp: string | undefined;
  /** The post carried a captcha answer the provider confirmed (never true without one). */
  verified: boolean;
}

/** One form of the site: its schema, and what a valid post does. */
export interface FormHandler<S extends z.ZodTypeAny> {
  id: FlashForm;
  schema: S;
  /** Sends the form (upstream call); returns the outcome to show. Throws when it fails. */
  submit(value: z.output<S>, context: FormContext): Promise<string>;
  /** The outcome a bot that filled the honeypot is shown: what a person would see. */
  spamOutcome(form: FormData): string;
  /**
   * A JS post must carry a verified captcha answer (when a captcha is configured); a post without
   * JS may carry one, and is otherwise handled as unverified (`charges`, `submit`).
   */
  captcha?: boolean;
  /**
   * Tries a valid post takes beyond the per-address form limit — on the e-mail it names, or on
   * the address and the whole site for posts no captcha vouched for (decision 022). When one is
   * used up the post is refused (429) and nothing is sent; when sending fails they are given back.
   */
  charges?(value: z.output<S>, post: { verified: boolean; clientIp: string | undefined }): Charge[];
  /** Whether the form belongs on the page at `path` (no language prefix); elsewhere: 400. */
  availableOn?(path: string): boolean;
  /** A cookie the answer to a post that worked sets (a bot's too: it is told the same). */
  successCookie?(request: Request, outcome: string): string | null;
}

/** Upstream error keys the visitor is told as they are (their localized `api.*` text). */
const KNOWN_UPSTREAM_KEYS = new Set([
  "TOO_MANY_REQUESTS",
  "SERVER_MAINTENANCE",
  "INVALID_EMAIL",
  "ALREADY_IN_USE",
  "INTERNAL_ERROR",
]);

/** The message key for a failed submission: the upstream's own key when it is one we know. */
export function failureMessage(error: unknown): string {
  if (isUpstreamError(error)) {
    const code = error.code;
    if (code === "INVALID_EMAIL") return M.invalidEmail;
    if (code && KNOWN_UPSTREAM_KEYS.has(code)) return `api.${code}`;
  }
  return "errors.undefinedError";
}

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** Where a post without JS returns to: the page it came from, at its form. */
export function backTo(request: Request, formId: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return safeRedirectPath(`${url.pathname}${url.search}#${formId}`);
}

function flashCookie(form: FlashForm, outcome: string): string {
  return siteCookie(FLASH_COOKIE, serializeFlash({ form, outcome }), { maxAge: FLASH_SECONDS });
}

/**
 * The one way every visitor form is handled, with or without JS:
 * honeypot (a bot is told it worked, nothing is sent) → rate limit (429) → zod validation (400)
 * → captcha for JS posts (and any post carrying an answer) → the form's own limits (429) → the
 * upstream call (its failure: 502 and the seed's message) → success: data for JS, else 303 back
 * to the page with a one-time flash.
 * Every error answer re-renders the page with the visitor's input (conform's `reply()`).
 */
export async function handleForm<S extends z.ZodTypeAny>(
  handler: FormHandler<S>,
  form: FormData,
  request: Request,
  context: AppLoadContext,
) {
  const viaJs = form.get(JS_FIELD) === "1";
  const success = (outcome: string) => {
    const cookie = handler.successCookie?.(request, outcome) ?? null;
    if (viaJs) {
      const reply: FormReply = { form: handler.id, result: { status: "success" }, outcome };
      const headers = new Headers(NO_STORE);
      if (cookie) headers.append("Set-Cookie", cookie);
      return data(reply, { headers });
    }
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", flashCookie(handler.id, outcome));
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(backTo(request, handler.id), { status: 303, headers });
  };
  const fail = (status: number, result: SubmissionResult<string[]>) =>
    data({ form: handler.id, result } satisfies FormReply, { status, headers: NO_STORE });

  if (isSpam(form)) {
    log.warn(`Form "${handler.id}" post filled the honeypot: answered as sent, not sent`);
    return success(handler.spamOutcome(form));
  }

  const submission = parseWithZod(form, { schema: handler.schema });
  if (!(await consumeFormPost(handler.id, context.clientIp))) {
    return fail(429, submission.reply({ formErrors: ["api.TOO_MANY_REQUESTS"] }));
  }
  if (submission.status !== "success") return fail(400, submission.reply());

  const value = submission.value as z.output<S>;
  // No captcha configured (CAPTCHA_PROVIDER=none): the browser shows none, so none is asked for.
  // A JS post must carry an answer; any post that carries one has it checked, `_js` or not.
  let verified = false;
  const token = form.get("captcha");
  const answered = typeof token === "string" && token !== "";
  if (handler.captcha && captchaConfigured() && (viaJs || answered)) {
    const verdict = answered ? await verifyCaptcha(token, context.clientIp) : "failed";
    if (verdict === "unavailable") {
      return fail(503, submission.reply({ formErrors: ["errors.undefinedError"] }));
    }
    if (verdict === "failed") {
      return fail(400, submission.reply({ fieldErrors: { captcha: [M.captcha] } }));
    }
    verified = true;
  }

  const tries = await takeTries(
    handler.charges?.(value, { verified, clientIp: context.clientIp }) ?? [],
  );
  if (!tries.allowed) {
    return fail(429, submission.reply({ formErrors: ["api.TOO_MANY_REQUESTS"] }));
  }
  const { lang, path } = splitLangPath(new URL(request.url).pathname);
  try {
    const outcome = await handler.submit(value, {
      request,
      lang,
      path,
      clientIp: context.clientIp,
      verified,
    });
    return success(outcome);
  } catch (error) {
    await tries.giveBack();
    log.error(`Form "${handler.id}" could not be sent upstream`, error);
    return fail(502, submission.reply({ formErrors: [failureMessage(error)] }));
  }
}
