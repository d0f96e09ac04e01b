import type { TaggingScript } from "./tagging";

/** Adds one script element with the page's nonce; resolves true once it loaded, false if not. */
export type AddScript = (script: TaggingScript) => Promise<boolean>;

/** Tag Manager's start event, pushed to its data layer before the container loads. */
export function tagManagerStart(now: number) {
  return { "gtm.start": now, event: "gtm.js" };
}

/**
 * Adds the scripts one after the other: the consent script has loaded before the tag manager is
 * requested, so the tags meet the visitor's choice (or the CMP's default of "denied"). When the
 * consent script cannot load, the tag manager is not loaded either: tags without their consent
 * manager would run unasked. `beforeTagManager` prepares the data layer.
 */
export async function addInOrder(
  scripts: readonly TaggingScript[],
  addScript: AddScript,
  beforeTagManager: () => void,
): Promise<TaggingScript["kind"][]> {
  const loaded: TaggingScript["kind"][] = [];
  for (const script of scripts) {
    if (script.kind === "tag-manager") beforeTagManager();
    if (!(await addScript(script))) break;
    loaded.push(script.kind);
  }
  return loaded;
}

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
