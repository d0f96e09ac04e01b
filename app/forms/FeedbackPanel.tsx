import { Form, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { useUi } from "~/layout/ui";
import { useSiteData } from "~/root-data";
import { readCookie } from "~/http/cookies";
import { FEEDBACK_COOKIE, FEEDBACK_FORM_IDS, isAnswered, type FeedbackKind } from "./feedback";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "./fields";
import { submitWithJs, usePageForm } from "./page-form";
import { fieldError, sentValue } from "./reply";
import { LIMITS, M } from "./names";

type Vote = "yes" | "no";
type View = { step: "vote" } | { step: "comment"; vote: Vote } | { step: "done" | "answered" };

const isVote = (value: unknown): value is Vote => value === "yes" || value === "no";
const subscribeToNothing = () => () => {};

/**
 * 'Was this helpful?' and 'Have you successfully downloaded …?' (SPEC §2): yes or no, then an
 * optional comment. Plain forms (no validation library: content pages keep their JS small).
 * Without JS each post returns to the page (flash, or the errors and the text kept); with JS the
 * fetcher sends them and nothing navigates. A page the visitor has answered says thanks only:
 * the server renders the question for everyone (the HTML is shared), and the panel reads the
 * answered pages from the `kn_fb` cookie once hydrated; without JS a repeated vote is answered
 * with the same thanks and not counted (app/forms/feedback.server.ts).
 * Keyed by the page's path (`path`, without its language prefix) where it is used, so a
 * client-side move starts a fresh panel.
 */
export function FeedbackPanel({ kind, path }: { kind: FeedbackKind; path: string }) {
  const formId = FEEDBACK_FORM_IDS[kind];
  const { t } = useTranslation();
  const { flash, brand } = useSiteData();
  const ui = useUi();
  const hydrated = useHydrated();
  const location = useLocation();
  const { fetcher, reply: lastReply, busy, action } = usePageForm(formId);
  // The keyed fetcher outlives this panel: its answer counts only for posts sent from here.
  const [sent, setSent] = useState(false);
  const reply = !sent && lastReply === fetcher.data ? null : lastReply;
  const [clientError, setClientError] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  useLoadingOverlay(busy);
  // The server renders the question (false); once hydrated the cookie says (nothing to watch:
  // a vote sent from here is shown from its answer).
  const answered = useSyncExternalStore(
    subscribeToNothing,
    () => isAnswered(readCookie(document.cookie, FEEDBACK_COOKIE), kind, path),
    () => false,
  );

  // The flash belongs to the document the post returned to, not to pages reached from it.
  const flashOutcome = flash?.form === formId && location.key === "default" ? flash.outcome : null;
  const outcome = reply?.outcome ?? flashOutcome;
  const sentAnswer = sentValue(reply, "answer");
  let view: View;
  if (outcome === "commented") view = { step: "done" };
  else if (outcome === "answered") view = { step: "answered" };
  else if (isVote(outcome)) view = { step: "comment", vote: outcome };
  else if (reply && sentValue(reply, "step") === "comment" && isVote(sentAnswer)) {
    view = { step: "comment", vote: sentAnswer };
  } else if (answered && !reply) view = { step: "answered" };
  else view = { step: "vote" };

  // A JS post's answer: focus follows the panel's new text; a failure opens the error modal.
  const answer = sent && fetcher.data?.form === formId ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.outcome) thanksRef.current?.focus();
    else {
      const formError = fieldError(answer, "");
      if (formError) ui.showError(t(formError));
    }
  }, [answer, ui, t]);

  const onVote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const vote = submitter instanceof HTMLButtonElement ? submitter.value : "";
    setSent(true);
    submitWithJs(fetcher, event.currentTarget, action, { answer: vote });
  };

  const onComment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const comment = event.currentTarget.elements.namedItem("comment") as HTMLTextAreaElement;
    if (!comment.value.trim()) {
      setClientError(M.textRequired);
      comment.focus();
      return;
    }
    setClientError(null);
    setSent(true);
    submitWithJs(fetcher, event.currentTarget, action);
  };

  const question =
    kind === "download"
      ? t("feedback.downloadQuestion", { product: brand.name })
      : t("feedback.question");
  // Without JS the form's own errors (rate limit, upstream failure) show in the panel.
  // A vote the panel's own buttons cannot send (a hand-made post) is answered as not understood.
  const malformed = fieldError(reply, "answer") ?? fieldError(reply, "step");
  const formError = hydrated ? null : (fieldError(reply, "") ?? (malformed && M.badRequest));
  const commentError = clientError ?? fieldError(reply, "comment");
  const errorId = `${ids}-error`;

  return (
    <section id={formId} className="feedback container" aria-labelledby={`${ids}-title`}>
      <div className="feedback__box">
        <h2 id={`${ids}-title`} className="feedback__title">
          {question}
        </h2>
        {view.step === "vote" ? (
          <Form
            method="post"
            action={action}
            className="feedback__vote"
            onSubmit={hydrated ? onVote : undefined}
          >
            <FormHiddenFields form={formId} />
            <input type="hidden" name="step" value="vote" />
            <button
              type="submit"
              name="answer"
              value="yes"
              className="btn btn--primary-outlined"
              disabled={busy}
            >
              {t("feedback.yes")}
            </button>
            <button
              type="submit"
              name="answer"
              value="no"
              className="btn btn--primary-outlined"
              disabled={busy}
            >
              {t("feedback.no")}
            </button>
          </Form>
        ) : null}
        {view.step === "comment" ? (
          <>
            <p ref={thanksRef} tabIndex={-1} role="status" className="feedback__thanks">
              {t(thanksKey(kind, view.vote), { product: brand.name })}
            </p>
            <Form
              method="post"
              action={action}
              className="feedback__comment"
              noValidate
              onSubmit={hydrated ? onComment : undefined}
            >
              <FormHiddenFields form={formId} />
              <input type="hidden" name="step" value="comment" />
              <input type="hidden" name="answer" value={view.vote} />
              <div className="field">
                <label htmlFor={`${ids}-comment`}>{t("feedback.commentLabel")}</label>
                <textarea
                  id={`${ids}-comment`}
                  name="comment"
                  rows={4}
                  maxLength={LIMITS.comment}
                  defaultValue={sentValue(reply, "comment")}
                  aria-invalid={commentError ? true : undefined}
                  aria-describedby={commentError ? errorId : undefined}
                  onChange={(event) => {
                    if (clientError && event.currentTarget.value.trim()) setClientError(null);
                  }}
                />
                <FieldError id={errorId} error={commentError} />
              </div>
              {formError ? (
                <p className="field__error" role="alert">
                  {t(formError)}
                </p>
              ) : null}
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {t("feedback.send")}
              </button>
            </Form>
          </>
        ) : null}
        {view.step === "vote" && formError ? (
          <p className="field__error" role="alert">
            {t(formError)}
          </p>
        ) : null}
        {view.step === "done" ? (
          <p ref={thanksRef} tabIndex={-1} role="status" className="feedback__thanks">
            {t("feedback.commented")}
          </p>
        ) : null}
        {view.step === "answered" ? (
          <p className="feedback__thanks">{t("feedback.answered")}</p>
        ) : null}
      </div>
    </section>
  );
}

function thanksKey(kind: FeedbackKind, vote: Vote): string {
  if (kind === "download") return vote === "yes" ? "feedback.downloadYes" : "feedback.downloadNo";
  return vote === "yes" ? "feedback.thanksYes" : "feedback.thanksNo";
}
