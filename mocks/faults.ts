/**
 * Inputs the sandbox upstream always fails on, so the site's error paths can be seen and tested
 * with the sandbox running (no switch that only a test can reach).
 */

/** A page the sandbox always fails to serve. */
export const FAULT_PATH = "/sandbox/fault";
/**
 * A page whose list of child pages the sandbox always fails to give (`/coms/pages/children/`):
 * the page itself loads (a demo page with a children list), its list does not.
 */
export const FAULT_CHILDREN_PATH = "/sandbox/children-fault";
/** A search the sandbox always fails. */
export const FAULT_QUERY = "sandbox:fault";
/** Subscribing an address at this domain fails (500). */
export const FAULT_EMAIL_DOMAIN = "fault.example";
/** A feedback comment or contact message containing this text fails (500). */
export const FAULT_TEXT = "sandbox:fault";
/** The DNS firewall's Windows download: the provider service fails it (503). */
export const FAULT_DOWNLOAD = { product: "firewall", platform: "windows" } as const;
/** A page whose store badge names that failing download (not listed anywhere, never searched). */
export const FAULT_DOWNLOAD_PATH = "/sandbox/download-fault";
