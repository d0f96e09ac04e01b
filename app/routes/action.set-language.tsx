import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { langCookie } from "~/i18n/cookie.server";
import { getLanguage, isLangCode } from "~/i18n/languages";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { safeRedirectPath } from "~/http/redirects";

/**
 * The language switcher posts here (it works without JS): stores the choice in the cookie and
 * goes to the same page in that language. Only same-site paths are accepted as the target.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  const target = safeRedirectPath(form.get("to"));
  if (!isLangCode(lang)) return redirect(target, 303);
  const url = new URL(target, "http://site.invalid");
  const { path } = splitLangPath(url.pathname);
  return redirect(localizePath(path, lang) + url.search + url.hash, {
    status: 303,
    headers: {
      "Set-Cookie": await langCookie.serialize(getLanguage(lang).iso),
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/", 302);
}
