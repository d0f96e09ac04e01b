import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { VAULT_HANDOFF_PATH } from "~/account/vault";
import { Icon } from "~/content/Icon";
import { ICON_NAMES, type IconName } from "~/content/constants";
import { localizePath } from "~/i18n/paths";
import { Prerendered } from "~/render/Prerendered";
import { useSiteData } from "~/root-data";
import type { NavItem, NavLink as NavLinkData } from "~/upstream/coms.schemas";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { NavLink } from "./NavLink";
import { useReturnPath } from "./usePaths";
import { HEADER_MENU_MAX_WIDTH } from "./breakpoints";

function LinkIcon({ name }: { name?: string }) {
  if (!name || !(ICON_NAMES as readonly string[]).includes(name)) return null;
  return <Icon name={name as IconName} size={20} className="nav__icon" />;
}

function LinkList({ list }: { list: NavLinkData[] }) {
  return (
    <ul className="submenu__list">
      {list.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="submenu__link">
            <LinkIcon name={link.icon} />
            <span>{link.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function NavEntry({ item }: { item: NavItem }) {
  if (!item.submenu?.length) {
    return (
      <li className="nav__item">
        {item.to ? (
          <NavLink to={item.to} className="nav__link">
            {item.label}
          </NavLink>
        ) : (
          <span className="nav__link">{item.label}</span>
        )}
      </li>
    );
  }
  return (
    <li className="nav__item nav__item--has-submenu">
      {item.to ? (
        <NavLink to={item.to} className="nav__link">
          {item.label}
        </NavLink>
      ) : (
        <button type="button" className="nav__link" aria-haspopup="true">
          {item.label}
        </button>
      )}
      <div className={`submenu${item.isgrid ? " submenu--grid" : ""}`}>
        {item.submenu.map((section, i) => (
          <div key={i} className="submenu__section">
            {section.title ? <p className="submenu__title">{section.title}</p> : null}
            <LinkList list={section.list} />
          </div>
        ))}
      </div>
    </li>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const { brand, account, lang } = useSiteData();
  const returnPath = useReturnPath();
  const vault = account.vaultSession ? VAULT_HANDOFF_PATH : brand.webVaultUrl;
  if (!account.signedIn) {
    return (
      <a href={vault} className="btn btn--primary-outlined header__signin">
        {t("header.signIn")}
      </a>
    );
  }
  return (
    <div className="header__account">
      <Link to={localizePath("/account", lang)} className="nav__link header__account-link">
        {t("header.account")}
        {account.status ? <span className="header__status">{account.status}</span> : null}
      </Link>
      <a href={vault} className="nav__link">
        {t("header.webVault")}
      </a>
      <Form method="post" action="/action/logout">
        <input type="hidden" name="to" value={returnPath} />
        <button type="submit" className="nav__link">
          {t("header.logout")}
        </button>
      </Form>
    </div>
  );
}

/** Closes the folded menu when the window crosses the header's breakpoint (1180 px). */
function useMenuAutoClose() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${HEADER_MENU_MAX_WIDTH + 1}px)`);
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    query.addEventListener("change", close);
    return () => query.removeEventListener("change", close);
  }, []);
  return ref;
}

export function Header({ nav = true }: { nav?: boolean }) {
  const { t } = useTranslation();
  const { lang, site, brand, account } = useSiteData();
  const menuRef = useMenuAutoClose();
  // A new page starts with the mobile menu closed: the <details> is remounted per path.
  const { pathname } = useLocation();
  const navigation = site.navigation.filter((item) => item.hasInHeader !== false);
  return (
    <header className={account.signedIn ? "site-header site-header--signed-in" : "site-header"}>
      <a className="skip-link" href="#main">
        {t("header.skipToContent")}
      </a>
      <div className="container site-header__bar">
        <Link
          to={localizePath("/", lang)}
          className="logo"
          aria-label={t("header.home", { brand: brand.name })}
        >
          <Logo />
          <span className="logo__name">{brand.name}</span>
        </Link>
        {nav ? (
          <div className="menu">
            {/* The toggle's <details> holds only its summary; the panel is its next sibling, shown
                by `.menu__fold[open] + .menu__panel` on small screens and always on wide ones, so
                no engine needs ::details-content to show the navigation (docs/decisions/024). */}
            <details className="menu__fold" ref={menuRef} key={pathname}>
              <summary className="menu__toggle">
                <span className="menu__bars" aria-hidden="true" />
                <span className="sr-only">{t("header.menu")}</span>
              </summary>
            </details>
            <div className="menu__panel">
              <Prerendered
                as="nav"
                className="nav"
                aria-label={t("header.mainNavigation")}
                version={site}
              >
                <ul className="nav__list">
                  {navigation.map((item) => (
                    <NavEntry key={item.label} item={item} />
                  ))}
                  {site.downloads ? (
                    <NavEntry
                      item={{
                        label: site.downloads.label,
                        to: "/downloads",
                        hasInHeader: true,
                        isgrid: true,
                        submenu: site.downloads.groups.map((g) => ({
                          title: g.title,
                          list: g.list,
                        })),
                      }}
                    />
                  ) : null}
                </ul>
              </Prerendered>
              <form
                role="search"
                method="get"
                action={localizePath("/search", lang)}
                className="header-search"
              >
                <label className="sr-only" htmlFor="header-search">
                  {t("header.searchLabel")}
                </label>
                <input
                  id="header-search"
                  type="search"
                  name="q"
                  // One short word: it fits the narrow field of the 1180–1366 px header in every
                  // language (the label above says what is searched).
                  placeholder={t("header.search")}
                />
                <button type="submit" className="header-search__submit">
                  <span className="sr-only">{t("header.search")}</span>
                  <svg
                    width="18"
                    height="18"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <circle cx="11" cy="11" r="7" />
                    <path d="M20 20l-3.5-3.5" />
                  </svg>
                </button>
              </form>
              <AccountLinks />
            </div>
          </div>
        ) : (
          <span className="site-header__spacer" />
        )}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
