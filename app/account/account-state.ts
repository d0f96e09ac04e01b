/** What the page shows of the visitor's account (the root loader's `account`). */
export interface AccountState {
  signedIn: boolean;
  /**
   * The session holds an id from the autologin URL: the web vault link then goes through the
   * server, which adds it as `?session=` (the id itself never reaches the page).
   */
  vaultSession: boolean;
  /** The subscription status, localized ('2 months, 3 days left'); null when unknown. */
  status: string | null;
}
