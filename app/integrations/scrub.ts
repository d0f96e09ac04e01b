/**
 * What error reports must not carry: query strings and fragments. They may hold a visitor's
 * search, an order's e-mailed hash or an autologin token (the server's log leaves them out for
 * the same reason). Applied to every event and transaction before it leaves the browser.
 */

/** The URL without its query and fragment (relative URLs and plain text stay what they are). */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

type Data = Record<string, unknown>;

interface ScrubbableEvent {
  request?: { url?: string; query_string?: unknown; headers?: Record<string, string> };
  breadcrumbs?: { data?: Data }[];
  spans?: { data?: Data }[];
}

const URL_FIELDS = ["url", "from", "to", "http.url"];
const QUERY_FIELDS = ["http.query", "http.fragment"];

function scrubData(data: Data | undefined): void {
  if (!data) return;
  for (const field of URL_FIELDS) {
    const value = data[field];
    if (typeof value === "string") data[field] = withoutQuery(value);
  }
  for (const field of QUERY_FIELDS) delete data[field];
}

/** Removes queries and fragments from the event's URLs, in place; returns the event. */
export function scrubEvent<T extends ScrubbableEvent>(event: T): T {
  const { request } = event;
  if (request) {
    if (typeof request.url === "string") request.url = withoutQuery(request.url);
    delete request.query_string;
    const headers = request.headers;
    if (headers) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === "referer") headers[name] = withoutQuery(headers[name] ?? "");
      }
    }
  }
  for (const breadcrumb of event.breadcrumbs ?? []) scrubData(breadcrumb.data);
  for (const span of event.spans ?? []) scrubData(span.data);
  return event;
}
