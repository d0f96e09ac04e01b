import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { clearSessionCookie } from "~/account/session.server";
import { safeRedirectPath } from "~/security/redirects";

/** Signs the visitor out: the session cookie (and the tokens in it) is destroyed. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  return redirect(safeRedirectPath(form.get("to")), {
    status: 303,
    headers: {
      "Set-Cookie": clearSessionCookie(),
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/", 302);
}
