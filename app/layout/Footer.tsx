import { useTranslation } from "react-i18next";
import { useSiteData } from "~/root-data";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { NavLink } from "./NavLink";

export function Footer() {
  const { t } = useTranslation();
  const { site, brand, serverDate } = useSiteData();
  const year = new Date(serverDate).getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        {site.footer.length > 0 ? (
          <nav className="footer-groups" aria-label={t("footer.footerNavigation")}>
            {site.footer.map((group) => (
              <section key={group.key} className={`footer-group footer-group--${group.key}`}>
                <h2 className="footer-group__title">{group.title}</h2>
                <ul className="footer-group__list">
                  {group.list.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to}>{link.label}</NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        ) : null}
        <div className="site-footer__languages">
          <h2 className="footer-group__title">{t("footer.languages")}</h2>
          <LanguageSwitcher variant="list" />
        </div>
        <div className="site-footer__legal">
          <p>{t("footer.copyright", { year, company: brand.providerName })}</p>
          <address>
            <span className="sr-only">{t("footer.address")}: </span>
            {brand.postalAddress}
          </address>
        </div>
      </div>
    </footer>
  );
}
