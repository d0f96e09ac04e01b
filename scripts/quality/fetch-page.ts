/** Fetches a page's HTML as a visitor's browser would (cookie notice closed, desktop Chrome). */
export const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml",
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  Cookie: "dismissed=cookie",
};

export async function fetchPage(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}
