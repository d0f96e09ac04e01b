interface IdleWindow {
  document: { readyState: string };
  addEventListener(type: "load", listener: () => void, options: { once: true }): void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
  setTimeout(callback: () => void, ms: number): unknown;
}

/** The longest a browser that is never idle makes the scripts wait after the page loaded. */
export const IDLE_TIMEOUT_MS = 4_000;

/**
 * Calls `run` once the page has loaded (the window's load event) and the browser is then idle,
 * so third-party scripts stay off the critical path; a browser without `requestIdleCallback`
 * (Safari) waits one short tick after the load event instead.
 */
export function whenPageIdle(window: IdleWindow, run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(run, 200);
    }
  };
  if (window.document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
