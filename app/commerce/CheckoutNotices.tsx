import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";

/**
 * The auth step of the purchase flow: a visitor who is not signed in is offered a plain link to
 * the sign-in page, which returns to this checkout; a signed-in one is told the plan is checked
 * against their account.
 */
export function CheckoutAccount({
  signedIn,
  signInHref,
}: {
  signedIn: boolean;
  signInHref: string;
}) {
  const { t } = useTranslation();
  if (signedIn) return <p className="checkout__account">{t("checkout.account.signedIn")}</p>;
  return (
    <p className="checkout__account">
      {t("checkout.account.prompt")}{" "}
      <a href={signInHref} className="checkout__sign-in">
        {t("checkout.account.signIn")}
      </a>
    </p>
  );
}

/** An unknown or missing plan: said plainly, with the way back to the plans. */
export function PlanUnavailable() {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <section className="checkout container-narrow">
      <h1>{t("checkout.unavailableTitle")}</h1>
      <p className="lead">{t("checkout.unavailableText")}</p>
      <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
        {t("checkout.backToPricing")}
      </Link>
    </section>
  );
}
