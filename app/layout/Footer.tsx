import { Link } from "@remix-run/react";
import { localizePath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { PolicyLink } from "~/layout/PolicyLinks";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { NavLink } from "./NavLink";
import type { ReactNode } from "react";

/**
 * The site's own account pages, whatever the content service's footer lists: a visitor can
 * always reach the subscription page (signing in on the way) and the redeem page.
 */
function AccountLinks() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <nav className="site-footer__account" aria-label={t("footer.accountLinks")}>
      <ul>
        <li>
          <Link to={localizePath("/account", lang)}>{t("footer.subscription")}</Link>
        </li>
        <li>
          <Link to={localizePath("/redeem", lang)}>{t("footer.redeem")}</Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The End User Agreement, the Privacy Policy, the cookie policy and the legal notice, on every
 * page whatever the lists hide.
 */
function PolicyLinks() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <nav className="site-footer__policies" aria-label={t("legal.policies")}>
      <ul>
        <li>
          <PolicyLink policy="terms" />
        </li>
        <li>
          <PolicyLink policy="privacy" />
        </li>
        <li>
          <Link to={localizePath("/cookies", lang)}>{t("legal.cookies")}</Link>
        </li>
        <li>
          <Link to={localizePath("/imprint", lang)}>{t("legal.imprint")}</Link>
        </li>
      </ul>
    </nav>
  );
}

/** The brand's profiles (SOCIAL_LINKS), under a heading styled like the link groups'. */
function SocialLinks() {
  const { t } = useTranslation();
  const { brand } = useSiteData();
  if (brand.social.length === 0) return null;
  return (
    <nav className="site-footer__social" aria-labelledby="footer-social">
      <h2 id="footer-social" className="site-footer__heading">
        {t("footer.follow")}
      </h2>
      <ul>
        {brand.social.map((link) => (
          <li key={link.network}>
            <a href={link.url} rel="me noopener">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Legal({ account = false }: { account?: boolean }) {
  const { t } = useTranslation();
  const { brand, serverDate } = useSiteData();
  const year = new Date(serverDate).getUTCFullYear();
  return (
    <div className="site-footer__legal">
      {/* data-changes: the year moves on; the screenshot baselines leave it out. */}
      <p data-changes="">{t("footer.copyright", { year, company: brand.providerName })}</p>
      <PolicyLinks />
      {account ? <AccountLinks /> : null}
      <address>
        <span className="sr-only">{t("footer.address")}: </span>
        {brand.postalAddress}
      </address>
    </div>
  );
}

/**
 * The four link groups are accordions under 800 px (a native <details> per title, so they work
 * without JS; the list is the <details>' next sibling, shown by `[open] +`, which every engine
 * supports); on wider screens they are always open.
 */
function FooterGroups() {
  const { t } = useTranslation();
  const { site } = useSiteData();
  if (site.footer.length === 0) return null;
  return (
    <nav className="footer-groups" aria-label={t("footer.footerNavigation")}>
      {site.footer.map((group) => (
        <div key={group.key} className={`footer-group footer-group--${group.key}`}>
          <details className="footer-group__fold">
            <summary className="footer-group__title">
              <h2 className="site-footer__heading">{group.title}</h2>
            </summary>
          </details>
          <ul className="footer-group__list">
            {group.list.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function Footer({
  variant,
  links,
  slot,
}: {
  variant: "full" | "minimal";
  links: boolean;
  slot?: ReactNode;
}) {
  const { t } = useTranslation();
  if (variant === "minimal") {
    return (
      <footer className="site-footer site-footer--minimal">
        <div className="container">
          <Legal />
        </div>
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      <div className="container">
        {slot ? <div className="site-footer__slot">{slot}</div> : null}
        {links ? <FooterGroups /> : null}
        <div className="site-footer__more">
          <div className="site-footer__languages">
            <h2 className="site-footer__heading">{t("footer.languages")}</h2>
            <LanguageSwitcher variant="list" />
          </div>
          <SocialLinks />
        </div>
        <Legal account />
      </div>
    </footer>
  );
}
