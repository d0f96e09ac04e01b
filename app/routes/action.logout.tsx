import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { sessionStorage } from "~/account/session.server";
import { safeRedirectPath } from "~/security/redirects";

/** Signs the visitor out: the session cookie (and the tokens in it) is destroyed. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  return redirect(safeRedirectPath(form.get("to")), {
    status: 303,
    headers: {
      "Set-Cookie": await sessionStorage().destroySession(session),
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/", 302);
}
