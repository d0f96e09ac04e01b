import type { TaggingScript } from "./tagging";

/** Adds one script element; resolves true once it loaded, false if not. */
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
