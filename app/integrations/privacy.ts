/**
 * The visitor's own privacy signals, as the browser exposes them. Do-Not-Track has had three
 * homes: `navigator.doNotTrack` (the standard; "1", or "yes" in old Firefox), `window.doNotTrack`
 * (Safari and IE 11) and `navigator.msDoNotTrack` (IE 9–10). Global Privacy Control is
 * `navigator.globalPrivacyControl === true`.
 */
export interface PrivacySignals {
  doNotTrack?: unknown;
  windowDoNotTrack?: unknown;
  msDoNotTrack?: unknown;
  globalPrivacyControl?: unknown;
}

const REFUSED = new Set(["1", "yes"]);

function refuses(value: unknown): boolean {
  return typeof value === "string" && REFUSED.has(value.trim().toLowerCase());
}

/** True when the visitor asked not to be tracked (DNT on, or Global Privacy Control). */
export function trackingRefused(signals: PrivacySignals): boolean {
  return (
    refuses(signals.doNotTrack) ||
    refuses(signals.windowDoNotTrack) ||
    refuses(signals.msDoNotTrack) ||
    signals.globalPrivacyControl === true
  );
}

/** Reads the signals from a browser window (fields a browser lacks are simply undefined). */
export function privacySignalsOf(window: Window): PrivacySignals {
  const navigator = window.navigator as Navigator & {
    msDoNotTrack?: unknown;
    globalPrivacyControl?: unknown;
  };
  return {
    doNotTrack: navigator.doNotTrack,
    windowDoNotTrack: (window as Window & { doNotTrack?: unknown }).doNotTrack,
    msDoNotTrack: navigator.msDoNotTrack,
    globalPrivacyControl: navigator.globalPrivacyControl,
  };
}
