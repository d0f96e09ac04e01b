import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getT } from "~/i18n/i18n.server";
import { TranslationProvider } from "~/i18n/react";
import { PasswordInput, PasswordInputView, type PasswordInputProps } from "~/account/PasswordInput";

const PROPS: PasswordInputProps = {
  name: "password",
  id: "new-password",
  label: "New password",
  autoComplete: "new-password",
};

function html(node: React.ReactNode, lang: "en" | "de" = "en") {
  return renderToString(
    <TranslationProvider t={getT(lang)} iso={lang}>
      {node}
    </TranslationProvider>,
  );
}

describe("PasswordInput", () => {
  it("is a plain password field in the server's HTML (works without scripts)", () => {
    const out = html(<PasswordInput {...PROPS} />);
    expect(out).toContain('type="password"');
    expect(out).toContain('name="password"');
    expect(out).toContain('autoComplete="new-password"');
    expect(out).toMatch(/<label for="new-password">New password<\/label>/);
    expect(out).not.toContain("<button");
    expect(out).not.toContain("value=");
  });

  it("shows its error, tied to the input, in the page language", () => {
    const out = html(<PasswordInput {...PROPS} error="validation.PASSWORD_BAD" />, "de");
    expect(out).toContain('aria-invalid="true"');
    expect(out).toContain('aria-describedby="new-password-error"');
    expect(out).toContain('id="new-password-error"');
    expect(out).toContain("Ihr Passwort ist nicht stark genug.");
  });

  it.each([
    [false, 'type="password"', 'aria-pressed="false"'],
    [true, 'type="text"', 'aria-pressed="true"'],
  ])("with scripts, visible=%s renders %s and a toggle %s", (visible, type, pressed) => {
    const out = html(<PasswordInputView {...PROPS} interactive visible={visible} />, "de");
    expect(out).toContain(type);
    expect(out).toContain(pressed);
    expect(out).toContain('type="button"');
    expect(out).toContain('aria-controls="new-password"');
    expect(out).toContain(">Passwort anzeigen</button>");
  });

  it("never shows the characters before scripts run, whatever the state", () => {
    const out = html(<PasswordInputView {...PROPS} interactive={false} visible />);
    expect(out).toContain('type="password"');
    expect(out).not.toContain("<button");
  });
});
