/** Query parameters that only analytics read: they never change what a page shows. */
const AD_CLICK = /^(utm_[a-z_]+|gclid|fbclid|msclkid|yclid|_ga)$/i;

export function isAdClickParam(name: string): boolean {
  return AD_CLICK.test(name);
}

/**
 * A search string (`?a=1&utm_source=x`) without the ad-click parameters, `""` when nothing is
 * left. Links that carry the current query use it, so a page shared by visitors from different
 * campaigns never shows one campaign's parameters to another.
 */
export function withoutAdParams(search: string): string {
  if (!search || search === "?") return "";
  const params = new URLSearchParams(search);
  let dropped = false;
  for (const name of Array.from(params.keys())) {
    if (isAdClickParam(name)) {
      params.delete(name);
      dropped = true;
    }
  }
  if (!dropped) return search.startsWith("?") ? search : `?${search}`;
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
