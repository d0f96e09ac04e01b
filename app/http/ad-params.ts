/** Query parameters that only analytics read: they never change what a page shows. */
const AD_CLICK = /^(utm_[a-z_]+|gclid|fbclid|msclkid|yclid|_ga)$/i;

export function isAdClickParam(name: string): boolean {
  return AD_CLICK.test(name);
}

/**
 * A search string (`?a=1&utm_source=x`) without the ad-click parameters, `""` when nothing is
 * left. The page cache keys on it and links that carry the current query use it, so two visitors
 * from different campaigns share one rendered page and never see each other's parameters.
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
