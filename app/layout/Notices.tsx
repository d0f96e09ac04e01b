import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getLanguage } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import { isBannerLive } from "./banners";
import type { Dismissible } from "./dismissals";
import { useDismiss } from "./useDismiss";

interface DismissFormProps {
  notice: Dismissible;
  label: string;
  className: string;
}

function DismissForm({ notice, label, className }: DismissFormProps) {
  const { Form, formProps, hidden } = useDismiss(notice);
  return (
    <Form {...formProps} className="dismiss-form">
      <input type="hidden" name="notice" value={hidden.notice} />
      <input type="hidden" name="to" value={hidden.to} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

/** The rewards mini banner, shown inside its date window (judged on the server's date). */
export function RewardsBanner() {
  const { t } = useTranslation();
  const { serverDate, lang } = useSiteData();
  const { closed } = useDismiss("rewards");
  if (closed || !isBannerLive("rewards", serverDate)) return null;
  return (
    <aside className="mini-banner" aria-label={t("banner.rewardsLabel")}>
      <div className="container mini-banner__inner">
        <p className="mini-banner__text">
          <strong>{t("banner.rewardsTitle")}</strong> {t("banner.rewardsText")}{" "}
          <Link to={localizePath("/pricing", lang)} className="mini-banner__link">
            {t("banner.rewardsCta")}
          </Link>
        </p>
        <DismissForm notice="rewards" label={t("banner.dismiss")} className="mini-banner__close" />
      </div>
    </aside>
  );
}

/**
 * Tells a visitor who has not yet closed it that the site uses cookies: a bar in the page's flow
 * under the header (SiteChrome), so it covers nothing and is reached early by keyboard.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { closed } = useDismiss("cookie");
  if (closed) return null;
  return (
    <aside className="cookie-notice" aria-label={t("cookie.label")}>
      <div className="container cookie-notice__inner">
        <p>
          {t("cookie.text")} <Link to={localizePath("/cookies", lang)}>{t("legal.cookies")}</Link>
        </p>
        <DismissForm notice="cookie" label={t("cookie.accept")} className="btn btn--primary" />
      </div>
    </aside>
  );
}

/**
 * The page is not available in the visitor's language: one quiet note above the content, never a
 * popup over it. "Don't show again" (a plain form post) keeps it away for the visit's later pages.
 */
export function NonLanguageNotice() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const { closed } = useDismiss("nonLanguage");
  if (closed) return null;
  const language = getLanguage(lang).label;
  return (
    <div className="notice notice--info" role="note">
      <div className="container notice__inner">
        <p>{t("nonLanguage.text", { language })}</p>
        <DismissForm
          notice="nonLanguage"
          label={t("nonLanguage.dontShowAgain")}
          className="notice__dismiss"
        />
      </div>
    </div>
  );
}
