import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { isDismissible } from "~/layout/dismissals";
import { dismissCookie, readDismissed } from "~/layout/dismissals.server";
import { safeRedirectPath } from "~/http/redirects";

/**
 * Closing a notice for good (cookie notice, non-language popup, rewards banner). A plain form post
 * carries `to` and is sent back there (works without JS); a fetcher post gets a small answer.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const notice = form.get("notice");
  const to = form.get("to");
  if (!isDismissible(notice)) {
    return to ? redirect(safeRedirectPath(to), 303) : Response.json({ ok: false }, { status: 400 });
  }
  const headers = {
    "Set-Cookie": dismissCookie(readDismissed(request), notice),
    "Cache-Control": "no-store",
  };
  return to
    ? redirect(safeRedirectPath(to), { status: 303, headers })
    : Response.json({ ok: true }, { headers });
}

export function loader() {
  return redirect("/", 302);
}
