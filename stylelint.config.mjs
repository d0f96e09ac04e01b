/**
 * The stylesheet against the site's browser target (package.json `browserslist`,
 * docs/decisions/024): `npm run lint:compat`, part of `npm run lint`.
 *
 * A feature some target browser lacks (caniuse's data, through doiuse) is an error unless dropping
 * it is harmless, said on the line before it:
 *   /* stylelint-disable-next-line plugin/no-unsupported-browser-features -- why *\/
 * (a reason is required), or accepted everywhere below. The `*-no-unknown` rules catch what no
 * browser reads at all: a misspelt property, value, unit, function, selector or at-rule.
 */

/** Features harmless to drop wherever they appear (caniuse's names), each with why. */
const ACCEPTED = [
  // cursor: touch screens (Safari on iOS, Firefox for Android) show no pointer to change.
  "css3-cursors",
  // resize: touch browsers offer no handle; the text area keeps its height and scrolls.
  "css-resize",
  // A font family an engine lacks (ui-monospace) is skipped for the next one in the list.
  "extended-system-fonts",
  // caniuse's "partial" for Firefox is `stretch` (it has -moz-available); min-content,
  // max-content and fit-content, all the site uses, are in Firefox from 66 and 94 (MDN).
  "intrinsic-width",
];

export default {
  plugins: ["stylelint-no-unsupported-browser-features"],
  reportDescriptionlessDisables: true,
  reportInvalidScopeDisables: true,
  rules: {
    "plugin/no-unsupported-browser-features": [true, { severity: "error", ignore: ACCEPTED }],
    "property-no-unknown": true,
    "declaration-property-value-no-unknown": true,
    "selector-pseudo-class-no-unknown": true,
    "selector-pseudo-element-no-unknown": true,
    "at-rule-no-unknown": true,
    "at-rule-descriptor-no-unknown": true,
    "at-rule-descriptor-value-no-unknown": true,
    "media-feature-name-no-unknown": true,
    "media-feature-name-value-no-unknown": true,
    "function-no-unknown": true,
    "unit-no-unknown": true,
  },
};
