import { useTranslation } from "~/i18n/react";
import { ContentLink } from "~/blocks/ContentLink";
import { Icon } from "~/blocks/Icon";
import { BUTTON_TYPES, ICON_NAMES, PLATFORM_TYPES, type IconName } from "~/blocks/constants";
import type { ButtonDescriptor } from "~/blocks/fields";

type Platform = (typeof PLATFORM_TYPES)[number];

/** The site's three button roles (the rules at the top of the buttons in app.css). */
export type ButtonRole = "primary" | "secondary" | "tertiary";

/** Every CMS btn-type that is not a store badge, on the one button system. */
const BUTTON_ROLES: Record<(typeof BUTTON_TYPES)[number], ButtonRole> = {
  primary: "primary",
  secondary: "secondary",
  "primary-outlined": "secondary",
  "secondary-outlined": "secondary",
  tertiary: "tertiary",
  link: "tertiary",
};

/** Store badges of the platform button types; android's badge is text only (SPEC §2). */
const STORE_BADGES: Record<
  Platform,
  { store: string; prefix: "downloadOn" | "getItOn"; icon: IconName | null }
> = {
  ios: { store: "App Store", prefix: "downloadOn", icon: "ios" },
  macos: { store: "Mac App Store", prefix: "downloadOn", icon: "macos" },
  android: { store: "Google Play", prefix: "getItOn", icon: null },
  windows: { store: "Microsoft Store", prefix: "getItOn", icon: "windows" },
  chrome: { store: "Chrome Web Store", prefix: "getItOn", icon: "chrome" },
};

function isPlatform(type: ButtonDescriptor["btn-type"]): type is Platform {
  return (PLATFORM_TYPES as readonly string[]).includes(type);
}

function extensionIcon(value: string | undefined) {
  if (!value) return null;
  if ((ICON_NAMES as readonly string[]).includes(value)) {
    return <Icon name={value as IconName} className="btn__icon" size={20} />;
  }
  if (/^(\/|https:)/.test(value)) {
    return <img className="btn__icon" src={value} alt="" width={20} height={20} />;
  }
  return null;
}

export function Button({ button }: { button: ButtonDescriptor }) {
  const { t } = useTranslation();
  const type = button["btn-type"];
  if (isPlatform(type)) {
    const badge = STORE_BADGES[type];
    const label = button["btn-text"] || `${t(`content.${badge.prefix}`)} ${badge.store}`;
    return (
      <ContentLink
        href={button["btn-link"]}
        isblank={button.isblank}
        className={`store-badge store-badge--${type}`}
        aria-label={label}
      >
        {badge.icon ? <Icon name={badge.icon} className="store-badge__icon" size={26} /> : null}
        <span className="store-badge__text">
          <small>{t(`content.${badge.prefix}`)}</small>
          <strong>{badge.store}</strong>
        </span>
      </ContentLink>
    );
  }
  return (
    <ContentLink
      href={button["btn-link"]}
      isblank={button.isblank}
      className={`btn btn--${BUTTON_ROLES[type]}`}
    >
      {extensionIcon(button["extension-icon"])}
      <span className="btn__label">
        {button["btn-text"]}
        {button.subtitle ? <small className="btn__subtitle">{button.subtitle}</small> : null}
      </span>
    </ContentLink>
  );
}

export function ButtonRow({
  buttons,
  align = "left",
}: {
  buttons: ButtonDescriptor[];
  align?: "left" | "center";
}) {
  if (buttons.length === 0) return null;
  return (
    <div className={`button-row button-row--${align}`}>
      {buttons.map((button, i) => (
        <Button key={`${button["btn-link"]}-${i}`} button={button} />
      ))}
    </div>
  );
}
