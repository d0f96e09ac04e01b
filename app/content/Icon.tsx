import type { IconName } from "./constants";

/** 24×24 line icons drawn for this site (stroke = currentColor). */
const PATHS: Record<IconName, string> = {
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z",
  key: "M14 10a4 4 0 1 1-1.2-2.8M12.8 12.8L20 20m-3-3l2-2m-4 0l2 2",
  lock: "M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3m-4 4v2",
  sync: "M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4",
  share:
    "M6 12a2.5 2.5 0 1 0 0 .1M18 6a2.5 2.5 0 1 0 0 .1M18 18a2.5 2.5 0 1 0 0 .1M8.2 11l7.6-4M8.2 13l7.6 4",
  generator: "M4 7h16M4 12h10M4 17h6m8-2l2 2-2 2m-4-4l-2 2 2 2",
  devices: "M3 5h13v9H3zM1 17h17M18 8h5v11h-5z",
  family:
    "M8 8a3 3 0 1 0 0-.1M16 9a2.5 2.5 0 1 0 0-.1M3 20c0-3 2.2-5 5-5s5 2 5 5M13 20c.3-2.6 1.6-4 3.5-4S20 17.4 20 20",
  team: "M12 7a3 3 0 1 0 0-.1M5 9a2 2 0 1 0 0-.1M19 9a2 2 0 1 0 0-.1M7 20c0-3 2.2-5 5-5s5 2 5 5M2 18c0-2 1.3-3.5 3-3.5M22 18c0-2-1.3-3.5-3-3.5",
  import: "M12 3v12m-4-4l4 4 4-4M4 17v3h16v-3",
  autofill: "M4 6h16v5H4zM4 14h9v5H4zm12 1l2 2 4-4",
  alert: "M12 3l10 18H2L12 3zm0 6v5m0 3v.5",
  check: "M4 12l5 5L20 6",
  cloud: "M7 18h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.3 1.5A3.3 3.3 0 0 0 7 18z",
  fingerprint:
    "M12 11v3c0 3-1 5-2 6m5-9v3c0 2.5-.5 4.5-1.5 6M9 12a3 3 0 0 1 6-1M6 13a6 6 0 0 1 12-2v3c0 2-.3 3.5-.8 5M4 9a9 9 0 0 1 16 0",
  globe:
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  note: "M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  support: "M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3zM20 19c0 1.5-2 2-5 2",
  windows: "M3 5.5l7.5-1v7H3zM12 4.3L21 3v8.5h-9zM3 12.5h7.5v7L3 18.5zM12 12.5h9V21l-9-1.3z",
  macos:
    "M15.5 3c.2 1.5-.9 3.2-2.5 3.3-.3-1.4 1-3.1 2.5-3.3zM18.5 16.5c-.8 2-2.3 4.5-3.8 4.5-1.2 0-1.6-.8-3-.8s-1.9.8-3 .8C6.6 21 4 16.8 4 13.3 4 10 6.1 8.4 8 8.4c1.3 0 2.2.8 3.3.8 1 0 2.1-.9 3.6-.9 1.2 0 2.6.6 3.5 1.9-3 1.7-2.5 5.4.1 6.3z",
  ios: "M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm3 17h2",
  android:
    "M6 9h12v8a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM6 8a6 6 0 0 1 12 0zM9 18v3m6-3v3M3.5 10v5m17-5v5M8 3l1.5 2M16 3l-1.5 2",
  chrome:
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 8.5h8.3M9 13.8L4.7 6.5M15 13.8l-4.2 7.1",
  firefox:
    "M12 3a9 9 0 1 0 9 9c0-2-1-4-2-5 0 2-1 3-2 3 0-3-2-5-4-6 1 2 0 4-2 5-1.5.8-2.5 2-2.5 3.5A4.5 4.5 0 0 0 13 17",
  edge: "M20 13c0-5-3.6-9-8.5-9S3 8 3 12c0 5 4 9 9 9 2.5 0 4.7-1 6.3-2.7-5 1.5-9-1-9-4.3 0-2 1.7-3.5 4.2-3.5 3 0 4.8 1.8 6.5 1.5z",
  safari: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm4 5l-2.5 5.5L8 16l2.5-5.5z",
  web: "M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01",
  vpn: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM8 12h8m-3-3l3 3-3 3",
  firewall: "M3 5h18v14H3zM3 10h18M3 15h18M9 5v5m6 0v5m-6 0v4",
  dns: "M4 4h16v6H4zM4 14h16v6H4zM7 7h.01M7 17h.01",
  bundle: "M12 3l9 5-9 5-9-5 9-5zM3 12l9 5 9-5M3 16l9 5 9-5",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zm0 16a2 2 0 0 1 2-2h13v2",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  download: "M12 3v12m-5-5l5 5 5-5M4 19h16",
};

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
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
