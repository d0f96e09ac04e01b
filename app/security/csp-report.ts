/** What a browser's CSP violation report says, cut to what is worth logging. */
export interface CspViolation {
  /** The page's address without query or fragment (they may hold a visitor's data). */
  document: string;
  /** What was blocked: an address without query, or a keyword (`inline`, `eval`). */
  blocked: string;
  directive: string;
  disposition: "enforce" | "report";
  /** The script or style that caused it, with its line when the browser says. */
  source: string;
  line: number | null;
  /** The first characters of a blocked inline script or style, as the browser gives them. */
  sample: string;
}

/** The report formats browsers send: `report-uri` and the Reporting API (`report-to`). */
export const CSP_REPORT_TYPES = ["application/csp-report", "application/reports+json"] as const;

/** One post never carries more than this many reports to the log. */
const MAX_REPORTS_PER_POST = 20;

const MAX_TEXT = 300;

function text(value: unknown, max = MAX_TEXT): string {
  if (typeof value !== "string") return "";
  // oxlint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, " ");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** An address without its query and fragment; anything that is no URL is kept as short text. */
function address(value: unknown): string {
  const raw = text(value, 2048);
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") {
      return text(`${url.origin}${url.pathname}`);
    }
    return text(url.protocol);
  } catch {
    return text(raw);
  }
}

function lineOf(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function violation(fields: {
  document: unknown;
  blocked: unknown;
  directive: unknown;
  disposition: unknown;
  source: unknown;
  line: unknown;
  sample: unknown;
}): CspViolation {
  return {
    document: address(fields.document),
    blocked: address(fields.blocked),
    directive: text(fields.directive, 64),
    disposition: fields.disposition === "report" ? "report" : "enforce",
    source: address(fields.source),
    line: lineOf(fields.line),
    sample: text(fields.sample, 80),
  };
}

/** One Reporting API report's violation (its `body`, in the Reporting API's field names). */
function reportingViolation(report: Record<string, unknown> | null): CspViolation {
  const fields = record(report?.["body"]) ?? {};
  return violation({
    document: fields["documentURL"],
    blocked: fields["blockedURL"],
    directive: fields["effectiveDirective"],
    disposition: fields["disposition"],
    source: fields["sourceFile"],
    line: fields["lineNumber"],
    sample: fields["sample"],
  });
}

/**
 * The violations in a report post, or null when the body is not a report: `report-uri` sends
 * one `{"csp-report": {…}}` as application/csp-report; the Reporting API sends a list of reports
 * as application/reports+json, of which only the `csp-violation` ones count. WebKit sends each of
 * its `report-to` reports alone, as application/csp-report: one `{"type": "csp-violation",
 * "body": {…}}`.
 */
export function parseCspReports(contentType: string, body: unknown): CspViolation[] | null {
  const type = contentType.split(";")[0]?.trim().toLowerCase();
  if (type === "application/csp-report") {
    const report = record(record(body)?.["csp-report"]);
    if (!report) {
      const single = record(body);
      return single?.["type"] === "csp-violation" && record(single["body"])
        ? [reportingViolation(single)]
        : null;
    }
    return [
      violation({
        document: report["document-uri"],
        blocked: report["blocked-uri"],
        directive: report["effective-directive"] ?? report["violated-directive"],
        disposition: report["disposition"],
        source: report["source-file"],
        line: report["line-number"],
        sample: report["script-sample"],
      }),
    ];
  }
  if (type === "application/reports+json") {
    if (!Array.isArray(body)) return null;
    return body
      .map(record)
      .filter((report) => report?.["type"] === "csp-violation")
      .slice(0, MAX_REPORTS_PER_POST)
      .map(reportingViolation);
  }
  return null;
}
