import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/layout/Modal";
import { Newsletter } from "./Newsletter";

/** Set once the offer was answered (subscribed or closed): it is never shown again. */
const ANSWERED_KEY = "kn-newsletter-offer";
/** What the last checkout in this tab said about marketing e-mails ("1": yes, "0": no). */
const ORDER_CONSENT_KEY = "kn-order-consent";

/** Remembers the checkout's consent for the outcome page (a browser without storage: nothing). */
export function rememberOrderConsent(consent: boolean) {
  try {
    sessionStorage.setItem(ORDER_CONSENT_KEY, consent ? "1" : "0");
  } catch {
    // Storage refused (private mode, blocked): the offer is then not made.
  }
}

function shouldOffer(): boolean {
  try {
    // Only after a checkout in this tab that did not already subscribe, and only once.
    return (
      sessionStorage.getItem(ORDER_CONSENT_KEY) === "0" &&
      localStorage.getItem(ANSWERED_KEY) === null
    );
  } catch {
    return false;
  }
}

function answered() {
  try {
    localStorage.setItem(ANSWERED_KEY, "1");
    sessionStorage.removeItem(ORDER_CONSENT_KEY);
  } catch {
    // Nothing to remember it in: the offer cannot come back without a new checkout either.
  }
}

/**
 * The order flow's newsletter subscribe modal (SPEC §2): with JS, after a completed order whose
 * checkout left the marketing box unticked, the outcome page offers the newsletter once — the
 * footer's form (captcha included) in a dialog. Closing or subscribing answers it for good.
 * Without JS the checkout's consent checkbox is the way in, and nothing is shown here.
 */
export function NewsletterOffer() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const [done, setDone] = useState(false);
  // Read in the browser only (after hydration): the server never renders the offer.
  const open = hydrated && !closed && (done || shouldOffer());
  if (!hydrated) return null;
  return (
    <Modal
      open={open}
      onClose={() => {
        answered();
        setClosed(true);
      }}
      title={t(done ? "newsletter.successTitle" : "newsletter.offer.title")}
      className="newsletter-offer"
    >
      {done ? (
        <p role="status">{t("newsletter.successText")}</p>
      ) : (
        <>
          <p>{t("newsletter.offer.text")}</p>
          <Newsletter
            inModal
            onSubscribed={() => {
              answered();
              setDone(true);
            }}
          />
        </>
      )}
    </Modal>
  );
}
