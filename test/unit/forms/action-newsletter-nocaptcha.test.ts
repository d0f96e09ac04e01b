import { describe, expect, it } from "vitest";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { contentPageAction } from "../support/routes";

// CAPTCHA_PROVIDER=none, the default in front of a real upstream: the browser shows no captcha.
const upstream = setupSandboxUpstream({ CAPTCHA_PROVIDER: "none" });

describe("newsletter action without a captcha configured", () => {
  it("subscribes a JS post that carries no captcha answer (none was asked)", async () => {
    const answer = await returned(
      contentPageAction(
        actionArgs("/features", {
          form: { _form: "newsletter", website_url: "", email: "mia@example.com", _js: "1" },
        }),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      form: "newsletter",
      result: { status: "success" },
      outcome: "ok",
    });
    expect(upstream.recorder.all("captcha.verify")).toEqual([]);
    expect(upstream.calls("/coms/subscribe/")).toHaveLength(1);
  });
});
