/**
 * The route modules the loader tests call, imported in one place: when a route file is renamed
 * (the `($lang).*` files becoming explicit language routes), only its line here changes.
 */
export { loader as rootLoader } from "~/root";
export { loader as homeLoader } from "~/routes/($lang)._index";
export { loader as contentPageLoader } from "~/routes/($lang).$";
export { loader as searchLoader } from "~/routes/($lang).search";
export { loader as downloadLoader } from "~/routes/api.$provider.$";
export { action as setLanguageAction } from "~/routes/action.set-language";
export { action as contentPageAction } from "~/routes/($lang).$";
