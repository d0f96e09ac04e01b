import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import {
  DEFAULT_OPTIONS,
  MAX_LENGTH,
  MIN_LENGTH,
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
 * The password generator. Without JS its form (GET, to this page) asks the server for a
 * password; with JS the browser makes them itself (crypto.getRandomValues) and nothing is sent.
 */
export default function PasswordGenerator({ data, first }: PasswordGeneratorProps) {
  const { title, text, generated } = data;
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

  const Heading = first ? "h1" : "h2";
  return (
    <section className="content-form password-generator" aria-labelledby={`${id}-title`}>
      <header className="content-form__intro">
        <Heading id={`${id}-title`}>{title || t("passwordGenerator.title")}</Heading>
        {text ? (
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: text }} />
        ) : (
          <p className="lead">{t("passwordGenerator.intro")}</p>
        )}
      </header>
      <form
        method="get"
        className="content-form__form"
        onSubmit={onSubmit}
        data-enhanced={hydrated ? "" : undefined}
      >
        <div className="password-generator__output">
          <label htmlFor={`${id}-password`}>{t("passwordGenerator.password")}</label>
          <input
            id={`${id}-password`}
            className="password-generator__password"
            type="text"
            readOnly
            autoComplete="off"
            spellCheck={false}
            value={result?.ok ? result.password : ""}
            data-testid="generated-password"
          />
          {result?.ok ? (
            <p className="password-generator__strength" data-strength={result.strength}>
              {t("passwordGenerator.strength")}:{" "}
              <strong>{t(`passwordGenerator.strengths.${result.strength}`)}</strong> (
              {t("passwordGenerator.bits", { bits: result.bits })})
            </p>
          ) : null}
          {result && !result.ok ? (
            <p className="field-error" role="alert">
              {t("passwordGenerator.noClass")}
            </p>
          ) : null}
          {hydrated && result?.ok ? (
            <p>
              <button type="button" className="btn btn--secondary-outlined" onClick={onCopy}>
                {t("passwordGenerator.copy")}
              </button>{" "}
              <span role="status">
                {copy === "copied"
                  ? t("passwordGenerator.copied")
                  : copy === "failed"
                    ? t("passwordGenerator.copyFailed")
                    : ""}
              </span>
            </p>
          ) : null}
        </div>
        <label htmlFor={`${id}-length`}>
          {t("passwordGenerator.length")}
          <input
            id={`${id}-length`}
            name="length"
            type="number"
            min={MIN_LENGTH}
            max={MAX_LENGTH}
            value={options.length}
            onChange={(event) => {
              const n = Number(event.target.value);
              if (Number.isInteger(n) && n >= MIN_LENGTH && n <= MAX_LENGTH) {
                update({ ...options, length: clampLength(n) });
              } else {
                setOptions({ ...options, length: n });
              }
            }}
          />
        </label>
        <fieldset>
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
        <p>
          <button type="submit" className="btn btn--primary">
            {t("passwordGenerator.generate")}
          </button>
        </p>
      </form>
    </section>
  );
}
