import { useTranslation } from "react-i18next";
import { getLanguage } from "~/i18n/languages";
import { useSiteData } from "~/root-data";

/** Shown when the page is not translated into the visitor's language and English is shown. */
export function NonLanguageNotice() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <div className="notice notice--info" role="note">
      <p className="container">{t("nonLanguage.text", { language: getLanguage(lang).label })}</p>
    </div>
  );
}
