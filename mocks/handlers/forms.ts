import { http, HttpResponse } from "msw";
import { SANDBOX_CAPTCHA_VERIFY } from "../../app/forms/captcha";
import type { Brand } from "../content-store";
import { FAULT_EMAIL_DOMAIN, FAULT_TEXT } from "../faults";
import type { Recorder } from "../recorder";

async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A failing service behind a gateway: no body, no error key (the site says "try again later"). */
const failure = () => new HttpResponse(null, { status: 502 });
const mentionsFault = (body: Record<string, unknown>) =>
  Object.values(body).some((value) => typeof value === "string" && value.includes(FAULT_TEXT));

/**
 * What the forms post to (SPEC §7): newsletter, surveys, contact and OEM requests. Each post is
 * recorded; the fault inputs of ../faults.ts make them fail.
 */
export function formHandlers(brand: Brand, recorder: Recorder) {
  const provider = `*/api/${brand.provider}`;
  return [
    http.post("*/api/coms/subscribe/", async ({ request }) => {
      const body = await jsonBody(request);
      const email = typeof body?.email === "string" ? body.email : "";
      if (!body || !email.includes("@") || body.type !== `${brand.provider}-site`) {
        return HttpResponse.json({ message: "INVALID_EMAIL" }, { status: 400 });
      }
      if (email.endsWith(`@${FAULT_EMAIL_DOMAIN}`)) return failure();
      recorder.record("coms.subscribe", body);
      return HttpResponse.json({ status: "subscribed" });
    }),

    http.post("*/api/coms/survey/", async ({ request }) => {
      const body = await jsonBody(request);
      if (!body || typeof body.page !== "string") {
        return HttpResponse.json({ message: "BAD_REQUEST" }, { status: 400 });
      }
      if (mentionsFault(body)) return failure();
      recorder.record("coms.survey", body);
      return HttpResponse.json({ status: "ok" });
    }),

    http.post(`${provider}/vpn/send/`, async ({ request }) => {
      const body = await jsonBody(request);
      if (!body || typeof body.email !== "string" || typeof body.message !== "string") {
        return HttpResponse.json({ message: "BAD_REQUEST" }, { status: 400 });
      }
      if (mentionsFault(body)) return failure();
      recorder.record("vpn.send", body);
      return HttpResponse.json({ status: "sent" });
    }),

    http.post(`${provider}/vpn/request-oem/`, async ({ request }) => {
      const body = await jsonBody(request);
      if (!body || typeof body.email !== "string" || typeof body.company !== "string") {
        return HttpResponse.json({ message: "BAD_REQUEST" }, { status: 400 });
      }
      if (mentionsFault(body)) return failure();
      recorder.record("vpn.request-oem", body);
      return HttpResponse.json({ status: "received" });
    }),

    // The stand-in captcha's verification: its "I am human" answers pass, "fail" ones do not.
    http.post(SANDBOX_CAPTCHA_VERIFY, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const token = form.get("response") ?? "";
      recorder.record("captcha.verify", { token });
      return HttpResponse.json({ success: /^sandbox-pass\.[a-z0-9]{8,64}$/.test(token) });
    }),
  ];
}
