import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldError } from "~/forms/fields";
import { useTranslation } from "~/i18n/react";

export interface PasswordInputProps {
  name: string;
  id: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  /** The field's error, a UI-string key. */
  error?: string | null;
  required?: boolean;
}

interface ViewProps extends PasswordInputProps {
  /** Whether the toggle can work: only once the page's scripts run. */
  interactive: boolean;
  visible: boolean;
  onToggle?: () => void;
}

/**
 * The markup of a password field. Without scripts it is a plain password input; with them a
 * toggle button beside it shows or hides the characters. The button keeps one name ('Show
 * password') and reports its state with aria-pressed, as a toggle button should, so a screen
 * reader says 'Show password, pressed' while the text is visible.
 */
export function PasswordInputView({
  name,
  id,
  label,
  autoComplete,
  error,
  required = true,
  interactive,
  visible,
  onToggle,
}: ViewProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="field password-input">
      <label htmlFor={id}>{label}</label>
      <div className="password-input__control">
        <input
          id={id}
          name={name}
          type={interactive && visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {interactive ? (
          <button
            type="button"
            className="password-input__toggle"
            aria-controls={id}
            aria-pressed={visible}
            onClick={onToggle}
          >
            {t("account.showPassword")}
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} error={error ?? null} />
    </div>
  );
}

/**
 * A password field that can show what was typed (SPEC §4 'Password input'). Never prefilled:
 * a password is not sent back into a page.
 */
export function PasswordInput(props: PasswordInputProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInputView
      {...props}
      interactive={hydrated}
      visible={visible}
      onToggle={() => setVisible((shown) => !shown)}
    />
  );
}
