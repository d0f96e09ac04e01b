import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Modal } from "~/layout/Modal";
import { CAPTCHA_SCRIPTS, type PublicCaptcha } from "./captcha";

interface CaptchaWidgets {
  render(element: HTMLElement, options: Record<string, unknown>): unknown;
}

const loading = new Map<string, Promise<void>>();

/** Loads a provider's script once per page (scripts the page's own scripts add pass the CSP). */
function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** Waits for the provider's global (some define it a moment after their script loads). */
async function widgets(global: string): Promise<CaptchaWidgets> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = (window as unknown as Record<string, unknown>)[global];
    if (value && typeof (value as CaptchaWidgets).render === "function") {
      return value as CaptchaWidgets;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${global} did not start`);
}

/**
 * 'Prove you're a human': the captcha provider's widget in a modal. Its script loads when the
 * modal opens; the answer token goes to `onVerified`, and the server checks it.
 */
export default function CaptchaModal({
  captcha,
  onVerified,
  onClose,
  onFailedToLoad,
}: {
  captcha: PublicCaptcha;
  onVerified: (token: string) => void;
  onClose: () => void;
  onFailedToLoad: () => void;
}) {
  const { t } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onVerified, onFailedToLoad });
  useEffect(() => {
    callbacks.current = { onVerified, onFailedToLoad };
  }, [onVerified, onFailedToLoad]);

  useEffect(() => {
    const { src, global } = CAPTCHA_SCRIPTS[captcha.provider];
    let cancelled = false;
    loadScript(src)
      .then(() => widgets(global))
      .then((api) => {
        if (cancelled || !slot.current) return;
        api.render(slot.current, {
          sitekey: captcha.siteKey,
          callback: (token: string) => callbacks.current.onVerified(token),
        });
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onFailedToLoad();
      });
    return () => {
      cancelled = true;
    };
  }, [captcha.provider, captcha.siteKey]);

  return (
    <Modal open onClose={onClose} title={t("newsletter.captchaTitle")} className="modal--captcha">
      <p>{t("newsletter.captchaText")}</p>
      <div ref={slot} className="captcha-slot" aria-live="polite">
        <span className="captcha-slot__loading">{t("loading")}</span>
      </div>
    </Modal>
  );
}
