import { useFetcher, useLocation } from "@remix-run/react";
import { useContext } from "react";
// Remix v2 runs on React Router 6.30 (pinned to the version @remix-run/react uses): its router
// state holds every route's action data, which Remix's own hook only shows to the route itself.
import { UNSAFE_DataRouterStateContext } from "react-router";
import { withoutAdParams } from "~/http/ad-params";
import { isFormReply, type FormReply } from "./reply";
import { JS_FIELD } from "./constants";

/**
 * The answer to the page's last form post, when it was for `formId`. Forms post to the page they
 * are on (see page-action.server.ts), so a post without JS comes back as the page's action data —
 * of the leaf route, while the footer's newsletter lives in the root layout.
 */
function usePageReply(formId: string): FormReply | null {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const leaf = state?.matches[state.matches.length - 1];
  const data: unknown = leaf ? state?.actionData?.[leaf.route.id] : undefined;
  return isFormReply(data) && data.form === formId ? data : null;
}

/**
 * The page's own URL as a form action (`?index` for an index route), at the form's anchor;
 * without ad-click parameters, which the page cache leaves out of its key (decision 004).
 */
export function usePageAction(formId: string): string {
  const location = useLocation();
  const state = useContext(UNSAFE_DataRouterStateContext);
  const leaf = state?.matches[state.matches.length - 1];
  const search = new URLSearchParams(withoutAdParams(location.search));
  search.delete("index");
  if (leaf?.route.index) search.set("index", "");
  const query = search.toString().replace(/^index=$|(&)index=(&|$)/, "$1index$2");
  return `${location.pathname}${query ? `?${query}` : ""}#${formId}`;
}

/**
 * A page form's state: the fetcher JS posts with (keyed by form, so any component can read it),
 * the reply to show (the fetcher's, else the page's after a post without JS) and whether it is
 * being sent.
 */
export function usePageForm(formId: string) {
  const fetcher = useFetcher<FormReply>({ key: formId });
  const pageReply = usePageReply(formId);
  const fetched = isFormReply(fetcher.data) && fetcher.data.form === formId ? fetcher.data : null;
  return {
    fetcher,
    reply: fetched ?? pageReply,
    busy: fetcher.state !== "idle",
    action: usePageAction(formId),
  };
}

/** Sends a form with JS: its fields plus the JS marker (and extra fields such as a captcha). */
export function submitWithJs(
  fetcher: ReturnType<typeof useFetcher>,
  form: HTMLFormElement,
  action: string,
  extra: Record<string, string> = {},
) {
  const body = new FormData(form);
  body.set(JS_FIELD, "1");
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  fetcher.submit(body, { method: "post", action: action.split("#")[0] });
}
