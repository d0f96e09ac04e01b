/**
 * The route modules the loader tests call, imported in one place: when a route file is renamed
 * (the `($lang).*` files becoming explicit language routes), only its line here changes.
 */
export { loader as rootLoader } from "~/root";
export { loader as homeLoader } from "~/routes/pages/home";
export { loader as contentPageLoader } from "~/routes/pages/content";
export { loader as searchLoader } from "~/routes/pages/search";
export { loader as downloadLoader } from "~/routes/api.$provider.$";
export { action as setLanguageAction } from "~/routes/action.set-language";
export { action as contentPageAction } from "~/routes/pages/content";
export { action as searchAction } from "~/routes/pages/search";
export { loader as checkoutLoader, action as checkoutAction } from "~/routes/pages/order-checkout";
export { loader as signInLoader, action as signInAction } from "~/routes/pages/sign-in";
export { loader as accountLoader } from "~/routes/pages/account";
export {
  loader as changePasswordLoader,
  action as changePasswordAction,
} from "~/routes/pages/account-change-password";
export { action as logoutAction } from "~/routes/action.logout";
export { loader as vaultLoader } from "~/routes/action.vault";
export { loader as cardLoader } from "~/routes/cards.$";
export { loader as cookiePolicyLoader } from "~/routes/pages/cookies";
export { loader as imprintLoader } from "~/routes/pages/imprint";
export { loader as blogFeedLoader } from "~/routes/files/blog-feed";
