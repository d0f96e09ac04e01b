import { Link } from "@remix-run/react";
import { PurchaseLines } from "./PurchaseLines";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatMoney } from "~/commerce/price";
import {
  amazonPayApi,
  domScriptInjector,
  loadWalletScript,
  renderButtonOptions,
  walletToken,
  WALLET_FORM,
} from "~/commerce/wallet-script";
import { FORM_FIELD } from "~/forms/names";
import { localizePath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import type { WalletPageData, WalletReply } from "./wallet.server";

const BUTTON_ID = "amazon-pay-button";

type Ready = Extract<WalletPageData, { state: "ready" }>;
type WalletState = "waiting" | "loading" | "ready" | "paying" | "failed";

/** Nothing here, or it cannot be shown: a clear message and the way to the plans. */
export function WalletOrderMissing({ data }: { data: Exclude<WalletPageData, Ready> }) {
  const { t } = useTranslation();
  const title = data.state === "notFound" ? "wallet.notFoundTitle" : "wallet.unavailableTitle";
  const text = data.state === "notFound" ? "wallet.notFound" : "wallet.unavailable";
  return (
    <section className="wallet container-narrow" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{t(title)}</h1>
      <p role="status">{t(text)}</p>
      <Link to={localizePath("/pricing", data.lang)} className="btn btn--primary" reloadDocument>
        {t("wallet.choosePlan")}
      </Link>
    </section>
  );
}

/**
 * The order, then the wallet: without JS an explanation (the wallet needs it); with JS the
 * Amazon Pay button, loaded 1700 ms after the page's preparatory step, or 'Failed to load
 * amazon'. The way back to the checkout (another payment method) is always there.
 */
export function WalletPayment({ data, reply }: { data: Ready; reply: WalletReply | null }) {
  const { t, iso } = useTranslation();
  const { order, wallet, checkoutHref } = data;
  const hydrated = useHydrated();
  const [state, setState] = useState<WalletState>(wallet ? "waiting" : "failed");
  const formRef = useRef<HTMLFormElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!wallet) return;
    const load = loadWalletScript({
      src: wallet.scriptUrl,
      inject: domScriptInjector(document),
      api: () => amazonPayApi(window),
      onStage: (stage) => setState(stage),
    });
    load.promise
      .then((api) => {
        const options = renderButtonOptions(wallet.session, order.currency, (result) => {
          const token = walletToken(result);
          const form = formRef.current;
          if (!token || !form || !tokenRef.current) {
            setState("failed");
            return;
          }
          tokenRef.current.value = token;
          setState("paying");
          form.submit();
        });
        api.renderButton(`#${BUTTON_ID}`, options);
        setState("ready");
      })
      .catch(() => setState("failed"));
    return () => load.cancel();
  }, [wallet, order.currency]);

  return (
    <section className="wallet container-narrow" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{t("wallet.title")}</h1>
      <p className="wallet__lead">{t("wallet.lead")}</p>
      {reply ? (
        <p className="field__error wallet__error" role="alert">
          {t(reply.error)}
        </p>
      ) : null}
      <dl className="wallet__summary">
        {order.summary ? (
          <PurchaseLines summary={order.summary} currency={order.currency} />
        ) : (
          <div>
            <dt>{t("wallet.plan")}</dt>
            <dd>{order.planDescription}</dd>
          </div>
        )}
        <div>
          <dt>{t("wallet.total")}</dt>
          <dd className="wallet__total">{formatMoney(order.total, iso, order.currency)}</dd>
        </div>
        <div>
          <dt>{t("wallet.email")}</dt>
          <dd>{order.email}</dd>
        </div>
      </dl>

      {hydrated ? (
        <div className="wallet__pay" data-wallet-state={state} aria-live="polite">
          {state === "failed" ? (
            <p className="field__error wallet__failed" role="alert">
              <strong>{t("wallet.failed")}</strong> {t("wallet.failedHint")}
            </p>
          ) : null}
          {state === "waiting" || state === "loading" ? (
            <p className="wallet__loading">{t("wallet.loading")}</p>
          ) : null}
          {state === "paying" ? <p className="wallet__loading">{t("wallet.paying")}</p> : null}
          <div
            id={BUTTON_ID}
            className="wallet__button"
            role="group"
            aria-label={t("wallet.buttonLabel")}
            hidden={state === "failed"}
          />
          {state === "failed" ? null : <p className="wallet__note">{t("wallet.note")}</p>}
        </div>
      ) : (
        <p className="wallet__nojs" data-wallet-state="nojs">
          {t("wallet.noJs")}
        </p>
      )}

      <form ref={formRef} method="post" action={data.postTo} className="wallet__form" hidden>
        <input type="hidden" name={FORM_FIELD} value={WALLET_FORM} />
        <input type="hidden" name="order" value={order.id} />
        <input ref={tokenRef} type="hidden" name="token" defaultValue="" />
      </form>

      <p className="wallet__way-out">
        <a
          href={checkoutHref}
          className={`btn ${hydrated && state === "failed" ? "btn--primary" : "btn--secondary-outlined"}`}
        >
          {t("wallet.otherMethod")}
        </a>
      </p>
    </section>
  );
}
