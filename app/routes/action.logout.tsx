import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { clearSessionCookie, endSession } from "~/account/session.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { safeRedirectPath } from "~/http/redirects";

/**
 * Signs the visitor out: the session ends on the server (on every instance), so its cookie opens
 * nothing even where it is kept or replayed, and the browser is told to delete it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await endSession(request);
  return redirect(safeRedirectPath(form.get("to")), {
    status: 303,
    headers: {
      "Set-Cookie": clearSessionCookie(),
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}

export function loader() {
  return redirect("/", 302);
}
