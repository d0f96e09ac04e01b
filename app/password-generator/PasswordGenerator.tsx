import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import {
  DEFAULT_OPTIONS,
  MAX_LENGTH,
  MIN_LENGTH,
  STRENGTHS,
  clampLength,
  cryptoSource,
  generatePassword,
  type GenerateResult,
  type PasswordOptions,
} from "./password";

/** The content block's props: its texts, and what the server made for the form sent without JS. */
export interface PasswordGeneratorProps {
  data: {
    title?: string;
    subtitle?: string;
    text?: string;
    generated?: { options: PasswordOptions; result: GenerateResult };
  };
  first?: boolean;
}

function browserGenerate(options: PasswordOptions): GenerateResult {
  return generatePassword(
    options,
    cryptoSource((array) => crypto.getRandomValues(array)),
  );
}

const BOXES = [
  ["lower", "lower"],
  ["upper", "upper"],
  ["digits", "digits"],
  ["symbols", "symbols"],
  ["excludeSimilar", "similar"],
] as const;

/**
 * The password generator, the hero of its page: the password large with its strength, the
 * options in a card beside it. Without JS its form (GET, to this page) asks the server for a
 * password; with JS the browser makes them itself (crypto.getRandomValues), nothing is sent, and a
 * copy button and a length slider join the form.
 */
export default function PasswordGenerator({ data, first }: PasswordGeneratorProps) {
  const { title, subtitle, text, generated } = data;
  const { t } = useTranslation();
  const id = useId();
  const [options, setOptions] = useState<PasswordOptions>(generated?.options ?? DEFAULT_OPTIONS);
  const [result, setResult] = useState<GenerateResult | null>(generated?.result ?? null);
  const [hydrated, setHydrated] = useState(false);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    setHydrated(true);
    if (!generated) setResult(browserGenerate(options));
    // Only once, on load: later changes regenerate in `update`.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (next: PasswordOptions) => {
    setOptions(next);
    setResult(browserGenerate(next));
    setCopy("idle");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update(options);
  };

  const onCopy = async () => {
    if (!result?.ok) return;
    try {
      await navigator.clipboard.writeText(result.password);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };

  const onLength = (value: string) => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= MIN_LENGTH && n <= MAX_LENGTH) {
      update({ ...options, length: clampLength(n) });
    } else {
      setOptions({ ...options, length: n });
    }
  };

  const Heading = first ? "h1" : "h2";
  const level = result?.ok ? STRENGTHS.indexOf(result.strength) + 1 : 0;
  return (
    <section className="section password-generator" aria-labelledby={`${id}-title`}>
      <div className="container password-generator__inner">
        <header className="password-generator__intro">
          <Heading id={`${id}-title`} className="password-generator__title">
            {title || t("passwordGenerator.title")}
          </Heading>
          <p className="lead">{subtitle || t("passwordGenerator.intro")}</p>
        </header>
        <form
          method="get"
          className="password-generator__card"
          onSubmit={onSubmit}
          data-enhanced={hydrated ? "" : undefined}
        >
          {/* data-changes: a new password each time; the screenshot baselines leave it out. */}
          <div className="password-generator__output" data-changes="">
            <label htmlFor={`${id}-password`} className="password-generator__label">
              {t("passwordGenerator.password")}
            </label>
            <div className="password-generator__display">
              <input
                id={`${id}-password`}
                className="password-generator__password"
                type="text"
                readOnly
                autoComplete="off"
                spellCheck={false}
                value={result?.ok ? result.password : ""}
                placeholder={t("passwordGenerator.placeholder")}
                data-testid="generated-password"
              />
              {hydrated && result?.ok ? (
                <button
                  type="button"
                  className="btn btn--secondary btn--sm password-generator__copy"
                  onClick={onCopy}
                >
                  {t("passwordGenerator.copy")}
                </button>
              ) : null}
            </div>
            <div className="password-generator__meter" data-level={level} aria-hidden="true">
              <span />
              <span />
              <span />
              <span />
            </div>
            {result?.ok ? (
              <p className="password-generator__strength" data-strength={result.strength}>
                {t("passwordGenerator.strength")}:{" "}
                <strong>{t(`passwordGenerator.strengths.${result.strength}`)}</strong> (
                {t("passwordGenerator.bits", { bits: result.bits })})
              </p>
            ) : null}
            {result && !result.ok ? (
              <p className="field-error password-generator__strength" role="alert">
                {t("passwordGenerator.noClass")}
              </p>
            ) : null}
            {/* The strength's line is kept before the browser's first password: nothing moves. */}
            {result ? null : <p className="password-generator__strength" aria-hidden="true" />}
            <p className="password-generator__status" role="status">
              {copy === "copied"
                ? t("passwordGenerator.copied")
                : copy === "failed"
                  ? t("passwordGenerator.copyFailed")
                  : ""}
            </p>
          </div>
          {/* The number is the form's field; with JS a slider beside it sets the same length. */}
          <div className="password-generator__length">
            <label htmlFor={`${id}-length`} id={`${id}-length-label`}>
              {t("passwordGenerator.length")}
            </label>
            <div className="password-generator__length-row">
              <input
                id={`${id}-length`}
                className="password-generator__number"
                name="length"
                type="number"
                min={MIN_LENGTH}
                max={MAX_LENGTH}
                value={options.length}
                onChange={(event) => onLength(event.target.value)}
              />
              {hydrated ? (
                <input
                  type="range"
                  className="password-generator__slider"
                  min={MIN_LENGTH}
                  max={MAX_LENGTH}
                  value={clampLength(Number(options.length) || MIN_LENGTH)}
                  aria-labelledby={`${id}-length-label`}
                  onChange={(event) => onLength(event.target.value)}
                />
              ) : null}
            </div>
          </div>
          <fieldset className="password-generator__options">
            <legend>{t("passwordGenerator.characters")}</legend>
            {BOXES.map(([key, name]) => (
              <label key={key} className="checkbox">
                <input
                  type="checkbox"
                  name={name}
                  value="1"
                  checked={options[key]}
                  onChange={(event) => update({ ...options, [key]: event.target.checked })}
                />{" "}
                {t(`passwordGenerator.${key}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary btn--lg password-generator__generate">
            {t("passwordGenerator.generate")}
          </button>
        </form>
        {text ? (
          <div
            className="password-generator__note rich-text"
            dangerouslySetInnerHTML={{ __html: text }}
          />
        ) : null}
      </div>
    </section>
  );
}
