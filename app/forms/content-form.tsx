import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/layout/Modal";
import { useUi } from "~/layout/ui";
import { useSiteData } from "~/root-data";
import { FieldError, FormHiddenFields, useLoadingOverlay } from "./fields";
import { submitWithJs, usePageForm } from "./page-form";
import { fieldError } from "./reply";

/** What a content block passes its form: the block's heading and intro (sanitized HTML). */
export interface FormBlockProps {
  title?: string;
  text?: string;
  /** The page's first block: the heading is the page's h1. */
  first?: boolean;
}

/** The forms content blocks hold; each has a UI-string section `<id>Form`. */
export type ContentFormId = "contact" | "partner";

/**
 * A content form's state (conform over the form's zod schema): checked in the browser when a
 * field is left and again as it is corrected, the server's reply after a post (errors, the
 * visitor's input), and the result to show. With JS it posts through the form's fetcher and
 * shows the result or the failure in a modal; without JS it is a plain post to the page.
 */
export function useContentForm<S extends z.ZodTypeAny>(formId: ContentFormId, schema: S) {
  const { t } = useTranslation();
  const ui = useUi();
  const hydrated = useHydrated();
  const { flash } = useSiteData();
  const { fetcher, reply, busy, action } = usePageForm(formId);
  useLoadingOverlay(busy);
  const [form, fields] = useForm<z.input<S>>({
    id: `${formId}-form`,
    lastResult: reply?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event) {
      event.preventDefault();
      submitWithJs(fetcher, event.currentTarget, action);
    },
  });

  // A JS post's answer, handled once: a result empties the form, a failure opens the error modal.
  const answer = fetcher.data?.form === formId ? fetcher.data : undefined;
  const handled = useRef<unknown>(null);
  const reset = form.reset;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.outcome) {
      reset();
    } else {
      const formError = fieldError(answer, "");
      if (formError) ui.showError(t(formError));
    }
  }, [answer, reset, ui, t]);

  // The result shows until closed: after a post without JS (flash) or the last JS answer.
  const [closedResult, setClosedResult] = useState<unknown>(null);
  const result = answer?.outcome ? answer : flash?.form === formId ? flash : null;

  return {
    form,
    fields,
    action,
    busy,
    hydrated,
    /** Without JS the form's own errors (rate limit, upstream failure) show in the form. */
    formError: hydrated ? null : fieldError(reply, ""),
    resultOpen: result !== null && closedResult !== result,
    closeResult: () => setClosedResult(result),
  };
}

interface FrameProps extends FormBlockProps {
  formId: ContentFormId;
  state: ReturnType<typeof useContentForm>;
  children: ReactNode;
}

/**
 * A content form's frame: the heading and intro, the form (which posts to its page, so it works
 * without JS), its form-level error without JS, the send button and the result modal.
 */
export function ContentFormFrame({ formId, state, title, text, first, children }: FrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { form, action, busy, formError, hydrated } = state;
  const Heading = first ? "h1" : "h2";
  return (
    <section
      id={formId}
      className={`content-form content-form--${formId}`}
      aria-labelledby={titleId}
    >
      <header className="content-form__intro">
        <Heading id={titleId}>{title || t(`${formId}Form.title`)}</Heading>
        {text ? (
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: text }} />
        ) : (
          <p className="lead">{t(`${formId}Form.intro`)}</p>
        )}
      </header>
      <Form
        method="post"
        action={action}
        className="content-form__form"
        {...getFormProps(form)}
        // The server checks every post and answers in the page's language: no browser bubbles.
        noValidate
        // Marks the form once its JS runs (it may hydrate after the page, when its chunk arrives).
        data-enhanced={hydrated ? "" : undefined}
      >
        <FormHiddenFields form={formId} />
        {children}
        {formError ? (
          <p id={form.errorId} className="field__error content-form__error" role="alert">
            {t(formError)}
          </p>
        ) : null}
        <div className="content-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t(`${formId}Form.send`)}
          </button>
        </div>
      </Form>
      <Modal
        open={state.resultOpen}
        onClose={state.closeResult}
        title={t(`${formId}Form.successTitle`)}
        className="modal--success"
      >
        <p role="status">{t(`${formId}Form.successText`)}</p>
      </Modal>
    </section>
  );
}

interface FieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  /** Shown after the label of a field that may stay empty. */
  optionalLabel?: string;
  type?: "text" | "email" | "url";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "email" | "url";
  multiline?: boolean;
}

/** A labelled text field with its error (a UI-string key) below it, tied by `aria-describedby`. */
export function TextField({
  field,
  label,
  optionalLabel,
  multiline,
  type = "text",
  ...rest
}: FieldProps) {
  const error = field.errors?.[0] ?? null;
  const { key, ...props } = multiline ? getTextareaProps(field) : getInputProps(field, { type });
  return (
    <div className="field content-form__field">
      <label htmlFor={field.id}>
        {label}
        {optionalLabel && !field.required ? (
          <span className="content-form__optional"> {optionalLabel}</span>
        ) : null}
      </label>
      {multiline ? (
        <textarea key={key} {...props} rows={7} placeholder={rest.placeholder} />
      ) : (
        <input key={key} {...props} {...rest} />
      )}
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}
