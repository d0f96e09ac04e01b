import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PaymentMethodId } from "~/commerce/payment-methods";
import { useTranslation } from "~/i18n/react";
import { isStripeMethod } from "~/commerce/payment-methods";
import { cardStepOf } from "./card-step";
import { JS_FIELD } from "~/forms/names";
import { isFormReply, type FormReply } from "~/forms/reply";

// Its own chunk, loaded when the step opens: Stripe.js and the card form never weigh on the
// checkout before it.
const CardStep = lazy(() => import("./CardStep"));

/** The device wallets, offered only with JS and a card provider key (their step asks the device). */
const WALLET_METHODS = ["applepay", "paynow"] as const satisfies readonly PaymentMethodId[];

interface Options {
  /** The card provider's publishable key from the checkout's loader; null: hosted page only. */
  publishableKey: string | null;
  /** The checkout's URL (no anchor). */
  action: string;
  total: string;
  totalCents: number;
}

/**
 * The checkout's card step with JS: which methods the form offers, a submit handler that posts a
 * card or wallet payment with JS (the action answers the order to pay rather than the hosted
 * page), that post's refusal to show in the form, and the step itself once opened.
 */
export function useCardCheckout({ publishableKey, action, total, totalCents }: Options) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormReply>({ key: "checkout-card" });
  const [sent, setSent] = useState<[string, string][]>([]);
  const [closed, setClosed] = useState<string | null>(null);
  const enabled = hydrated && Boolean(publishableKey);
  const card = cardStepOf(fetcher.data);
  const open = card && card.order !== closed ? card : null;

  /** Takes the post when it is a card or wallet payment; true when it did. */
  function intercept(event: FormEvent<HTMLFormElement>, formData: FormData): boolean {
    if (!enabled || !isStripeMethod(formData.get("method"))) return false;
    event.preventDefault();
    const body = new FormData();
    const fields: [string, string][] = [];
    for (const [name, value] of formData.entries()) {
      if (typeof value !== "string") continue;
      body.append(name, value);
      fields.push([name, value]);
    }
    body.set(JS_FIELD, "1");
    setSent(fields);
    fetcher.submit(body, { method: "post", action });
    return true;
  }

  let step: ReactNode = null;
  if (open && publishableKey) {
    step = (
      <Suspense
        fallback={
          <p role="status" className="card-step__loading">
            {t("cardStep.loading")}
          </p>
        }
      >
        <CardStep
          key={open.order}
          card={open}
          publishableKey={publishableKey}
          total={total}
          totalCents={totalCents}
          action={action}
          sent={sent}
          onBack={() => setClosed(open.order)}
        />
      </Suspense>
    );
  }

  return {
    /** Apple Pay and Pay Now join the methods only where their step can run. */
    walletMethods: enabled ? WALLET_METHODS : ([] as const),
    intercept,
    busy: fetcher.state !== "idle",
    /** The JS post's answer when it did not open the step (errors to show in the form). */
    reply: isFormReply(fetcher.data) && !card ? fetcher.data : null,
    open: open !== null,
    step,
  };
}
