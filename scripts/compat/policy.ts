import type { Accepted } from "./css-compat";

/** What `npm run lint:compat` checks, and what it lets through (docs/decisions/024). */

/** The stylesheets the site ships (the build inlines and minifies them). */
export const STYLESHEETS = ["app/styles/app.css"];

/** Features harmless to drop wherever they appear, with why. */
export const ACCEPTED: Accepted = {
  "css.properties.cursor":
    "touch screens (Safari on iOS) show no pointer, so there is nothing to change",
  "css.properties.resize":
    "touch browsers offer no resize handle; the text area keeps its height and scrolls",
};
