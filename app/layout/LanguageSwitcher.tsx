import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getLanguage, LANGUAGES } from "~/i18n/languages";
import { useSiteData } from "~/root-data";
import { useContentPath } from "./usePaths";

/**
 * Lists the other languages as buttons of one form: posting stores the choice in the language
 * cookie and redirects to this page in that language. Works without JS.
 */
export function LanguageSwitcher({ variant = "menu" }: { variant?: "menu" | "list" }) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { path, search } = useContentPath();
  const current = getLanguage(lang);
  const form = (
    <Form method="post" action="/action/set-language" className="lang-switch__form" reloadDocument>
      <input type="hidden" name="to" value={path + search} />
      <ul className="lang-switch__list">
        {LANGUAGES.filter((l) => l.code !== lang).map((l) => (
          <li key={l.code}>
            <button
              type="submit"
              name="lang"
              value={l.code}
              lang={l.iso}
              className="lang-switch__option"
            >
              {l.label}
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
  if (variant === "list") {
    return (
      <nav className="lang-list" aria-label={t("header.chooseLanguage")}>
        {form}
      </nav>
    );
  }
  return (
    <details className="lang-switch dropdown">
      <summary
        className="lang-switch__current"
        aria-label={t("header.currentLanguage", { language: current.label })}
      >
        <span aria-hidden="true">{current.shortName}</span>
      </summary>
      <div className="dropdown__panel dropdown__panel--end">{form}</div>
    </details>
  );
}
