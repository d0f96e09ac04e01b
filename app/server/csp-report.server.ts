import express, { type RequestHandler } from "express";
import { perAddressAMinute } from "~/forms/rate-limit.server";
import type { Logger } from "pino";
import { CSP_REPORT_TYPES, parseCspReports } from "~/security/csp-report";

/** A report is one policy and a few addresses; a batch of them stays far below this. */
const MAX_REPORT_BYTES = 32 * 1024;

/** Report posts one address may send per minute; a page with a real problem sends a few. */
const CSP_REPORT_LIMIT = 60;

function isReportType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return (CSP_REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * `POST /csp-report`: browsers' Content-Security-Policy violation reports, in either format,
 * bounded in size and rate per address, logged at warn and answered 204. It is mounted before
 * the POST guard: browsers send reports without a same-site Origin.
 */
export function cspReportHandler(log: Logger, options: { limit?: number } = {}): RequestHandler[] {
  const limiter = perAddressAMinute(
    "csp-report",
    options.limit ?? CSP_REPORT_LIMIT,
    (_req, res) => {
      res.status(429).set("Cache-Control", "no-store").end();
    },
  );
  const readBody = express.raw({ type: () => true, limit: MAX_REPORT_BYTES, inflate: false });
  const receive: RequestHandler = (req, res) => {
    res.set("Cache-Control", "no-store");
    const contentType = req.get("content-type");
    if (!isReportType(contentType)) return void res.status(415).end();
    if (Number(req.get("content-length") ?? 0) > MAX_REPORT_BYTES) {
      return void res.status(413).set("Connection", "close").end();
    }
    readBody(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status;
        res
          .status(status === 413 ? 413 : 400)
          .set("Connection", "close")
          .end();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "");
      } catch {
        return void res.status(400).end();
      }
      const violations = parseCspReports(contentType ?? "", body);
      if (violations === null) return void res.status(400).end();
      for (const violation of violations) log.warn({ csp: violation }, "CSP violation reported");
      res.status(204).end();
    });
  };
  return [limiter, receive];
}
