import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type SyntheticEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { VAULT_HANDOFF_PATH } from "~/account/vault";
import { Icon } from "~/blocks/Icon";
import { ICON_NAMES, type IconName } from "~/blocks/constants";
import { localizePath } from "~/i18n/paths";
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
  // Below 1180 px the group folds behind its own <details>, which holds only its summary: its
  // link and links follow as siblings, shown while it is open (`.nav__fold[open] ~ …`), so the
  // folded menu is a short list of groups with or without JS. Wide screens hide the fold and show
  // the group's links on hover and focus, as a dropdown.
  return (
    <li className="nav__item nav__item--has-submenu">
      <details className="nav__fold">
        <summary className="nav__summary">{item.label}</summary>
      </details>
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

function AccountLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  const { brand, account, lang } = useSiteData();
  const returnPath = useReturnPath();
  const vault = account.vaultSession ? VAULT_HANDOFF_PATH : brand.webVaultUrl;
  if (!account.signedIn) {
    return (
      <a href={vault} className={`btn btn--primary-outlined header__signin ${className}`}>
        {t("header.signIn")}
      </a>
    );
  }
  return (
    <div className={`header__account ${className}`}>
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

/** The site's search box: at the top of the folded menu, after the links in the wide header. */
function SearchForm({ id, className }: { id: string; className: string }) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <form
      role="search"
      method="get"
      action={localizePath("/search", lang)}
      className={`header-search ${className}`}
    >
      <label className="sr-only" htmlFor={id}>
        {t("header.searchLabel")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        // One short word: it fits the narrow field of the 1180–1366 px header in every language
        // (the label above says what is searched).
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
  );
}

/**
 * The folded menu's few scripted manners (without JS it opens and closes by its toggle, and a
 * click beside it lands on the toggle's backdrop): Escape closes it and gives the toggle back its
 * focus, and crossing the header's breakpoint (1180 px) closes it.
 */
function useMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${HEADER_MENU_MAX_WIDTH + 1}px)`);
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const fold = ref.current;
      if (event.key !== "Escape" || !fold?.open) return;
      fold.open = false;
      fold.querySelector("summary")?.focus();
    };
    query.addEventListener("change", close);
    document.addEventListener("keydown", onKey);
    return () => {
      query.removeEventListener("change", close);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}

/** Opened, the menu takes the focus, so the next Tab reaches its first item (search). */
function focusPanel(event: SyntheticEvent<HTMLDetailsElement>) {
  const fold = event.currentTarget;
  if (fold.open) (fold.nextElementSibling as HTMLElement | null)?.focus();
}

/** The content's link to the free trial's checkout (the monthly plan's trial, as on pricing). */
const TRIAL_CHECKOUT = "/order/checkout?plan=109";

export function Header({ nav = true }: { nav?: boolean }) {
  const { t } = useTranslation();
  const { lang, site, brand, account } = useSiteData();
  const menuRef = useMenu();
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
            <details className="menu__fold" ref={menuRef} key={pathname} onToggle={focusPanel}>
              <summary className="menu__toggle">
                <span className="menu__bars" aria-hidden="true" />
                <span className="sr-only">{t("header.menu")}</span>
              </summary>
            </details>
            <div className="menu__panel" tabIndex={-1}>
              {/* Drawn once for both layouts. Below 1180 px the menu opens on what most visitors
                  come for: search, the free trial and sign-in, above the folded groups, first in
                  the tab order too; wide screens show search and sign-in after the links (the
                  stylesheet orders them), the trial being the hero's. */}
              <div className="menu__quick">
                <SearchForm id="header-search" className="menu__search" />
                <div className="menu__actions">
                  <NavLink to={TRIAL_CHECKOUT} className="btn btn--primary menu__trial">
                    {t("header.tryFree")}
                  </NavLink>
                  <AccountLinks className="menu__account" />
                </div>
              </div>
              <nav className="nav" aria-label={t("header.mainNavigation")}>
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
              </nav>
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
