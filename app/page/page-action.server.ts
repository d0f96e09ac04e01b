import { data, type ActionFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { readForm } from "~/http/form.server";
import { contactForm, partnerForm } from "~/forms/contact.server";
import { splitLangPath } from "~/i18n/paths";
import { downloadFeedbackForm, feedbackForm } from "~/forms/feedback.server";
import { newsletterForm } from "~/forms/newsletter.server";
import { REDEEM_FORM } from "~/commerce/redeem";
import { redeemAction } from "~/commerce/redeem.server";
import { handleForm, type FormHandler } from "~/forms/pipeline.server";
import type { FormReply } from "~/forms/reply";
import { M } from "~/forms/names";
import { FORM_FIELD } from "~/forms/schemas";

/**
 * The forms any page can hold (footer newsletter, feedback panels, content forms), by their
 * `_form` field. A form posts to the page it is on, so without JS an invalid post re-renders that
 * very page with the errors and the input, and a valid one returns to it.
 */
// oxlint-disable-next-line no-explicit-any -- each handler is typed by its own schema
const PAGE_FORMS: Record<string, FormHandler<any>> = {
  [newsletterForm.id]: newsletterForm,
  [contactForm.id]: contactForm,
  [partnerForm.id]: partnerForm,
  [feedbackForm.id]: feedbackForm,
  [downloadFeedbackForm.id]: downloadFeedbackForm,
};

/** The `action` of every page route (`read`: the body, when the page's own action read it). */
export async function pageAction({ request, context }: ActionFunctionArgs, read?: FormData) {
  const form = read ?? (await readForm(request));
  const id = form.get(FORM_FIELD);
  // The redeem block's two steps answer with what the code gives (app/commerce/redeem.server.ts).
  if (id === REDEEM_FORM) return redeemAction(form, request, context);
  const known = typeof id === "string" && Object.hasOwn(PAGE_FORMS, id) ? PAGE_FORMS[id] : null;
  const path = splitLangPath(new URL(request.url).pathname).path;
  const handler = known && (known.availableOn?.(path) ?? true) ? known : null;
  if (!handler) {
    const reply: FormReply = {
      form: "",
      result: { status: "error", error: { "": [M.badRequest] } },
    };
    return data(reply, { status: 400, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
  return handleForm(handler, form, request, context);
}

/**
 * The action of a page with forms of its own (sign-in, change password): `own` answers the posts
 * of its forms and returns undefined for any other, which the page forms then answer.
 */
export function withPageForms<Reply>(
  own: (args: ActionFunctionArgs, form: FormData) => Promise<Reply | undefined>,
) {
  return async (args: ActionFunctionArgs) => {
    const form = await readForm(args.request);
    return (await own(args, form)) ?? pageAction(args, form);
  };
}
