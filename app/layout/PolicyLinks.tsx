import { Fragment, type ReactNode } from "react";
import { localizePath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";

type Policy = "terms" | "privacy";

/**
 * A policy's address: a site path in the page's language, or the address configured; none on
 * the site data an error page falls back to, when the configuration could not be read.
 */
function usePolicyHref(policy: Policy): string | null {
  const { brand, lang } = useSiteData();
  const url = policy === "terms" ? brand.termsUrl : brand.privacyUrl;
  if (!url) return null;
  return url.startsWith("/") ? localizePath(url, lang) : url;
}

/**
 * A link to the End User Agreement or the Privacy Policy, named as the policy calls itself, or
 * (`inline`) in the form a sentence of the language needs ("…принимаете Политику…").
 */
export function PolicyLink({ policy, inline = false }: { policy: Policy; inline?: boolean }) {
  const { t } = useTranslation();
  const href = usePolicyHref(policy);
  const name = t(inline ? `legal.inline.${policy}` : `legal.${policy}`);
  return href ? <a href={href}>{name}</a> : <>{name}</>;
}

/** Where a sentence of the locale files takes a part (`{{terms}}`): a mark no text contains. */
const MARK = "\u0001";

/** The `t` variables that leave a mark for each named part. */
export function partMarks<Name extends string>(names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])) as Record<
    Name,
    string
  >;
}

/**
 * A translated sentence with elements in it ("By paying you agree to the {{terms}} and the
 * {{privacy}}."): each language places the links where its grammar wants them.
 */
export function WithParts({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(new RegExp(`${MARK}(\\w+)${MARK}`));
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? null}</Fragment> : piece,
      )}
    </>
  );
}

/** The sentence a buyer agrees to by paying (or by starting a trial), with both policies linked. */
export function PolicyConsent({ action }: { action: "pay" | "trial" }) {
  const { t } = useTranslation();
  return (
    <WithParts
      text={t(`legal.agree.${action}`, partMarks(["terms", "privacy"]))}
      parts={{
        terms: <PolicyLink policy="terms" inline />,
        privacy: <PolicyLink policy="privacy" inline />,
      }}
    />
  );
}
