/**
 * The sandbox's stand-in captcha, served by the site at /sandbox/captcha.js when SANDBOX=1. It
 * offers the same call as the real providers (`render(element, { sitekey, callback })`) and
 * two buttons: one passes the check, the other makes it fail, so both paths can be tried.
 */
export const SANDBOX_CAPTCHA_JS = `(() => {
  "use strict";
  const token = (kind) => {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return "sandbox-" + kind + "." + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };
  const button = (label, onClick) => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "btn btn--secondary-outlined sandbox-captcha__button";
    el.textContent = label;
    el.addEventListener("click", onClick);
    return el;
  };
  window.sandboxCaptcha = {
    render(container, options) {
      const box = document.createElement("div");
      box.className = "sandbox-captcha";
      box.setAttribute("data-sitekey", String(options.sitekey || ""));
      const note = document.createElement("p");
      note.className = "sandbox-captcha__note";
      note.textContent = "Demo captcha (sandbox)";
      box.append(
        note,
        button("I am human", () => options.callback(token("pass"))),
        button("Fail the check", () => options.callback(token("fail"))),
      );
      container.replaceChildren(box);
      return 0;
    },
  };
})();
`;
