import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";

/** Where a visitor who found nothing (a 404, a search without results) most often wants to go. */
const POPULAR = [
  ["features", "/features"],
  ["pricing", "/pricing"],
  ["downloads", "/downloads"],
  ["help", "/help"],
] as const;

/**
 * The four pages most visitors look for, as a small navigation under its own heading: plain
 * links in the page's language. `id` names the heading (one per page).
 */
export function PopularPages({ id, heading }: { id: string; heading?: string }) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <nav className="popular-pages" aria-labelledby={id}>
      <h2 id={id}>{heading ?? t("errors.popularPages")}</h2>
      <ul>
        {POPULAR.map(([key, path]) => (
          <li key={key}>
            <Link to={localizePath(path, lang)}>{t(`errors.popular.${key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
