import type { SubmissionResult } from "@conform-to/react";

/**
 * What a form's action answers when it does not redirect: which form, conform's submission
 * result (errors as UI-string keys, and the visitor's input to show again), and for a JS post
 * that worked, the outcome to show.
 */
export interface FormReply {
  form: string;
  result: SubmissionResult<string[]>;
  outcome?: string;
}

export function isFormReply(value: unknown): value is FormReply {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FormReply).form === "string" &&
    typeof (value as FormReply).result === "object"
  );
}

/** The first error of a field (or of the form, name ""), as a UI-string key. */
export function fieldError(reply: FormReply | null | undefined, name: string): string | null {
  const errors = reply?.result.error?.[name];
  return errors && errors.length > 0 ? (errors[0] ?? null) : null;
}

/** The value the visitor sent for a field, to put back in it. */
export function sentValue(reply: FormReply | null | undefined, name: string): string | undefined {
  const value = reply?.result.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
