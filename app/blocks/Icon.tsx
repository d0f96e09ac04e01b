import type { IconName } from "~/blocks/constants";

/** Served once and cached: the 24×24 line icons drawn for this site, one <symbol> each. */
const ICON_SPRITE = "/icons.svg";

/** An icon from the sprite (stroke = currentColor); decorative, so hidden from assistive tech. */
export function Icon({
  name,
  className,
  size = 24,
}: {
  name: IconName;
  className?: string;
  size?: number;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
