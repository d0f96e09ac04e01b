import tsParser from "@typescript-eslint/parser";
import compat from "eslint-plugin-compat";

/**
 * ESLint runs one check the other linters lack: browser APIs used by code that reaches the browser
 * against the site's browser target (package.json `browserslist`, docs/decisions/024). Style and
 * correctness rules stay with oxlint.
 */
export default [
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/.server/**"],
    languageOptions: {
      parser: tsParser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    // Exceptions to this check live here, with their reasons, not in comments (the code's own
    // disable comments are oxlint's).
    linterOptions: { noInlineConfig: true },
    plugins: { compat },
    // ES built-ins too (Promise.withResolvers, Object.groupBy, …), not only web APIs: the build
    // lowers syntax to the target but adds no polyfills.
    settings: { lintAllEsApis: true },
    rules: { "compat/compat": "error" },
  },
];
