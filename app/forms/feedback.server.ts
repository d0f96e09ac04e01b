import { readCookie } from "~/http/cookies";
import { siteCookie } from "~/http/set-cookie.server";
import { splitLangPath } from "~/i18n/paths";
import { sendSurvey } from "~/upstream/forms.server";
import {
  FEEDBACK_COOKIE,
  FEEDBACK_COOKIE_MAX_AGE,
  FEEDBACK_FORM_IDS,
  feedbackPanelFor,
  isAnswered,
  rememberAnswer,
  type FeedbackKind,
} from "./feedback";
import type { FormHandler } from "./pipeline.server";
import { feedbackSchema } from "./schemas";

/**
 * The `Set-Cookie` that adds the posted page to the visitor's answered pages. Readable by the
 * page's script (not HttpOnly, decision 014 §6): the panel shows the answered state from it after
 * hydration, so the page's HTML is the same for every visitor.
 */
function answeredCookie(request: Request, kind: FeedbackKind): string {
  const { path } = splitLangPath(new URL(request.url).pathname);
  const value = rememberAnswer(
    readCookie(request.headers.get("cookie"), FEEDBACK_COOKIE),
    kind,
    path,
  );
  return siteCookie(FEEDBACK_COOKIE, value, {
    maxAge: FEEDBACK_COOKIE_MAX_AGE,
    scriptReadable: true,
  });
}

/**
 * A feedback panel's form: the vote (outcome `yes`/`no`), then the optional comment (`commented`),
 * sent as `POST /coms/survey/` for the page it was posted to — its path comes from the request's
 * URL, never from a field, so a post can only speak about the page it was sent from.
 */
function feedbackHandler(kind: FeedbackKind): FormHandler<typeof feedbackSchema> {
  return {
    id: FEEDBACK_FORM_IDS[kind],
    schema: feedbackSchema,
    availableOn: (path) => feedbackPanelFor(path) === kind,
    spamOutcome: (form) => {
      if (form.get("step") === "comment") return "commented";
      return form.get("answer") === "no" ? "no" : "yes";
    },
    successCookie: (request) => answeredCookie(request, kind),
    async submit(value, { request, lang, path }) {
      // The page's HTML asks everyone (it is shared): a vote on a page this visitor has answered
      // is thanked as before and not counted again. A comment follows the visitor's vote.
      const cookie = readCookie(request.headers.get("cookie"), FEEDBACK_COOKIE);
      if (value.step === "vote" && isAnswered(cookie, kind, path)) return "answered";
      await sendSurvey({
        kind,
        page: path,
        lang,
        helpful: value.answer === "yes",
        ...(value.step === "comment" ? { comment: value.comment } : {}),
      });
      return value.step === "comment" ? "commented" : value.answer;
    },
  };
}

/** 'Was this helpful?' on help, manual and use-case pages. */
export const feedbackForm = feedbackHandler("page");
/** 'Have you successfully downloaded …?' on download pages. */
export const downloadFeedbackForm = feedbackHandler("download");
