import { describe, expect, it } from "vitest";
import { parseCspReports, type CspViolation } from "~/security/csp-report";

const REPORT_URI_BODY = {
  "csp-report": {
    "document-uri": "https://www.keynest.example/de/pricing?email=a%40b.example#plans",
    referrer: "",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "default-src 'none'; …",
    disposition: "enforce",
    "blocked-uri": "https://evil.example/x.js?token=secret",
    "line-number": 12,
    "source-file": "https://www.keynest.example/assets/root-abc.js",
    "status-code": 200,
    "script-sample": "",
  },
};

const REPORTING_API_BODY = [
  {
    type: "csp-violation",
    age: 10,
    url: "https://www.keynest.example/",
    user_agent: "Mozilla/5.0",
    body: {
      documentURL: "https://www.keynest.example/",
      blockedURL: "inline",
      effectiveDirective: "style-src-elem",
      disposition: "report",
      sourceFile: "https://www.keynest.example/",
      lineNumber: 3,
      sample: "body{color:red}",
    },
  },
  { type: "deprecation", body: { id: "x" } },
];

describe("parseCspReports", () => {
  it("reads a report-uri report, without the addresses' queries", () => {
    expect(parseCspReports("application/csp-report", REPORT_URI_BODY)).toEqual([
      {
        document: "https://www.keynest.example/de/pricing",
        blocked: "https://evil.example/x.js",
        directive: "script-src-elem",
        disposition: "enforce",
        source: "https://www.keynest.example/assets/root-abc.js",
        line: 12,
        sample: "",
      },
    ]);
  });

  it("reads the Reporting API's CSP reports and skips the other kinds", () => {
    expect(parseCspReports("application/reports+json; charset=utf-8", REPORTING_API_BODY)).toEqual([
      {
        document: "https://www.keynest.example/",
        blocked: "inline",
        directive: "style-src-elem",
        disposition: "report",
        source: "https://www.keynest.example/",
        line: 3,
        sample: "body{color:red}",
      },
    ]);
  });

  it("reads WebKit's report-to report, posted alone as application/csp-report", () => {
    const webkit = {
      type: "csp-violation",
      url: "http://localhost:4300/features",
      body: {
        documentURL: "http://localhost:4300/features",
        disposition: "enforce",
        referrer: "",
        effectiveDirective: "img-src",
        blockedURL: "http://images.example:80/a.png?size=2",
        originalPolicy: "default-src 'none'; report-uri /csp-report; report-to csp",
        statusCode: 200,
        sample: "",
        sourceFile: "http://localhost:4300/features",
        lineNumber: 0,
        columnNumber: 1,
      },
    };
    expect(parseCspReports("application/csp-report", webkit)).toEqual([
      {
        document: "http://localhost:4300/features",
        blocked: "http://images.example/a.png",
        directive: "img-src",
        disposition: "enforce",
        source: "http://localhost:4300/features",
        line: 0,
        sample: "",
      },
    ]);
  });

  it.each([20, 21, 100])("logs 20 of %i reports in one post", (count) => {
    const many = Array.from({ length: count }, () => REPORTING_API_BODY[0]);
    expect(parseCspReports("application/reports+json", many)).toHaveLength(20);
  });

  /** Values of `length` characters; an address's origin and path have as many, its query more. */
  const sample = (length: number) => "s".repeat(length);
  const address = (length: number) => {
    const origin = "https://www.keynest.example/";
    return `${origin}${"p".repeat(length - origin.length)}?q=dropped`;
  };
  const directive = (length: number) => `script-src${"-".repeat(length - 10)}`;

  // [what it is, the longest kept whole, the report-uri member, the field logged, a value of a length]
  it.each<[string, number, string, keyof CspViolation, (length: number) => string]>([
    ["an inline sample", 80, "script-sample", "sample", sample],
    ["a directive", 64, "effective-directive", "directive", directive],
    ["the page's address", 300, "document-uri", "document", address],
    ["the script's address", 300, "source-file", "source", address],
    ["a blocked address", 300, "blocked-uri", "blocked", address],
  ])(
    "keeps %s of %i characters whole, cuts a longer one there",
    (_what, longest, member, field, make) => {
      const read = (value: string) =>
        parseCspReports("application/csp-report", { "csp-report": { [member]: value } })![0]![
          field
        ];
      const whole = read(make(longest));
      expect(whole).toHaveLength(longest);
      expect(read(make(longest + 1))).toBe(`${String(whole)}…`);
    },
  );

  it("keeps odd fields short and plain", () => {
    const [violation] = parseCspReports("application/csp-report", {
      "csp-report": {
        "document-uri": "x".repeat(5000),
        "blocked-uri": "data:text/javascript,alert(1)",
        "effective-directive": "script-src\r\nforged: line",
        "line-number": "12",
        "script-sample": "y".repeat(500),
      },
    })!;
    expect(violation!.document.length).toBeLessThanOrEqual(301);
    expect(violation!.blocked).toBe("data:");
    expect(violation!.directive).toBe("script-src  forged: line");
    expect(violation!.line).toBeNull();
    expect(violation!.sample.length).toBeLessThanOrEqual(81);
    expect(violation!.disposition).toBe("enforce");
  });

  it.each([
    ["application/json", REPORT_URI_BODY],
    ["text/plain", REPORT_URI_BODY],
    ["application/csp-report", {}],
    ["application/csp-report", { "csp-report": "no" }],
    ["application/csp-report", [REPORT_URI_BODY]],
    ["application/csp-report", { type: "csp-violation" }],
    ["application/csp-report", { type: "deprecation", body: { id: "x" } }],
    ["application/reports+json", REPORT_URI_BODY],
    ["application/reports+json", null],
  ])("refuses a %s body %j", (type, body) => {
    expect(parseCspReports(type, body)).toBeNull();
  });
});
