import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { getUpstreamAuth } from "~/account/session.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { splitLangPath } from "~/i18n/paths";
import { log } from "~/observability/log.server";
import {
  getRedeemCode,
  normalizeRedeemCode,
  redeemGift,
  redeemPurchaseCode,
  type RedeemResult,
} from "~/upstream/outcome.server";
import type { RedeemCodeInfo, RedeemError } from "~/upstream/outcome.schemas";
import { isSpam } from "~/forms/honeypot.server";
import { checkCode, TRIES_SPENT } from "~/forms/limits/guesses.server";
import { failureMessage } from "~/forms/pipeline.server";
import {
  REDEEM_FORM,
  REDEEM_MESSAGES,
  redeemSchema,
  type RedeemPreview,
  type RedeemReply,
} from "./redeem";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

function answer(status: number, reply: Omit<RedeemReply, "form">) {
  return data({ form: REDEEM_FORM, ...reply } satisfies RedeemReply, {
    status,
    headers: NO_STORE,
  });
}

/** A refusal's message, beside the code field. */
function refused(
  submission: { reply: (o: object) => SubmissionResult<string[]> },
  error: RedeemError,
) {
  return answer(400, {
    result: submission.reply({ fieldErrors: { code: [REDEEM_MESSAGES[error]] } }),
  });
}

function previewOf(info: RedeemCodeInfo): RedeemPreview {
  return {
    code: info.code,
    kind: info.kind,
    plan: info.plan.description,
    expiresAt: info.expiresAt ?? null,
  };
}

function isRefusal<T>(result: RedeemResult<T>): result is { ok: false; error: RedeemError } {
  return !result.ok;
}

/** What a code gives (`redeem-code/`), under the redeem codes' guess limits. */
function lookUpCode(code: string, clientIp: string | undefined) {
  return checkCode("redeem", clientIp, () => getRedeemCode(code), isRefusal);
}

/** What a posted code gives, when it is shaped like one and tries are left (else no call). */
async function codeInfo(raw: FormDataEntryValue | null, clientIp: string | undefined) {
  if (typeof raw !== "string" || !normalizeRedeemCode(raw)) return null;
  const info = await lookUpCode(raw, clientIp);
  return info === TRIES_SPENT ? null : info;
}

/**
 * The redeem form's post, with or without JS (the answer is the page, or data for JS, either way
 * with the form's state; nothing to redirect to, since each step shows what the service said):
 * honeypot (a bot is told the code is invalid, nothing is sent) → the per-address rate limit
 * (429) → zod (400) → the redeem codes' guess limits (429, decision 022) → `step=check`: `redeem-code/` says what the code gives (200 with the preview);
 * `step=apply`: the code is checked again (its kind is never taken from the post) and applied by
 * `redeem-gift/` or `redeem/` (200 with what was redeemed). A code the service refuses: 400 with
 * its localized message; a failing service: 502 with the seed's message.
 */
export async function redeemAction(form: FormData, request: Request, context: AppLoadContext) {
  const submission = parseWithZod(form, { schema: redeemSchema });
  if (isSpam(form)) {
    log.warn('Form "redeem" post filled the honeypot: answered as an invalid code, not sent');
    return refused(submission, "INVALID_REDEEM_CODE");
  }
  const tooMany = () =>
    answer(429, { result: submission.reply({ formErrors: ["api.TOO_MANY_REQUESTS"] }) });
  if (!(await consumeSharedAddressPost(REDEEM_FORM, context.clientIp))) return tooMany();
  try {
    if (submission.status !== "success") {
      // A refused e-mail on the second step: the code is still confirmed beside it.
      const info =
        form.get("step") === "apply" ? await codeInfo(form.get("code"), context.clientIp) : null;
      return answer(400, {
        result: submission.reply(),
        ...(info && !isRefusal(info) ? { preview: previewOf(info) } : {}),
      });
    }
    const value = submission.value;
    const info = await lookUpCode(value.code, context.clientIp);
    if (info === TRIES_SPENT) return tooMany();
    if (isRefusal(info)) return refused(submission, info.error);
    if (value.step === "check") {
      return answer(200, { result: submission.reply(), preview: previewOf(info) });
    }
    const { lang } = splitLangPath(new URL(request.url).pathname);
    const auth = await getUpstreamAuth(request);
    const input = { code: info.code, email: value.email, lang };
    const done =
      info.kind === "gift" ? await redeemGift(input, auth) : await redeemPurchaseCode(input, auth);
    if (isRefusal(done)) return refused(submission, done.error);
    return answer(200, {
      result: submission.reply({ resetForm: true }),
      redeemed: {
        code: done.code,
        plan: done.plan.description,
        email: done.email,
        endsAt: done.endsAt ?? null,
      },
    });
  } catch (error) {
    log.error('Form "redeem" could not be sent upstream', error);
    return answer(502, { result: submission.reply({ formErrors: [failureMessage(error)] }) });
  }
}
