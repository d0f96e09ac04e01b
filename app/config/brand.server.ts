import { getConfig } from "~/config/config.server";
import type { PublicBrand } from "./brand";

let cached: PublicBrand | undefined;

/** The brand configuration the browser may see (no secrets), built once. */
export function publicBrand(): PublicBrand {
  if (!cached) {
    const { brand } = getConfig();
    cached = {
      name: brand.name,
      product: brand.product,
      providerName: brand.providerName,
      provider: brand.provider,
      webVaultUrl: brand.webVaultUrl,
      termsUrl: brand.termsUrl,
      privacyUrl: brand.privacyUrl,
      supportEmail: brand.supportEmail,
      postalAddress: brand.postalAddress,
      supportChatUrl: brand.supportChatUrl ?? null,
      social: brand.social,
    };
  }
  return cached;
}
