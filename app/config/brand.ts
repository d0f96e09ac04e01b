/** Brand configuration that is safe to send to the browser. */
export interface PublicBrand {
  name: string;
  product: string;
  providerName: string;
  provider: string;
  webVaultUrl: string;
  /** The End User Agreement and the Privacy Policy: a site path or an address. */
  termsUrl: string;
  privacyUrl: string;
  supportEmail: string;
  postalAddress: string;
  supportChatUrl: string | null;
  /** The brand's profiles on social networks (SOCIAL_LINKS), in the footer. */
  social: { network: string; name: string; url: string }[];
}
