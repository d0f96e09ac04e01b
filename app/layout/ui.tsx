import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { Modal } from "./Modal";

interface ErrorState {
  open: boolean;
  message: string;
}

interface SuccessState {
  open: boolean;
  title: string;
  message: string;
}

interface Ui {
  showError(message?: string): void;
  showSuccess(title: string, message: string): void;
  /** The loading overlay for long actions started in the browser. */
  setLoading(loading: boolean): void;
  isLoading: boolean;
}

const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useUi() outside <UiProvider>");
  return ui;
}

/** "Contact us": the support chat when one is configured, else an e-mail to support. */
export function ContactUsLink() {
  const { t } = useTranslation();
  const { brand } = useSiteData();
  if (brand.supportChatUrl) {
    return (
      <a
        href={brand.supportChatUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn--primary-outlined"
      >
        {t("errors.contactUs")}
        <span className="sr-only"> {t("content.opensInNewTab")}</span>
      </a>
    );
  }
  return (
    <a href={`mailto:${brand.supportEmail}`} className="btn btn--primary-outlined">
      {t("errors.contactUs")}
    </a>
  );
}

export function ErrorModal({ open, message, onClose }: ErrorState & { onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("modal.errorTitle")}
      className="modal--error"
      actions={<ContactUsLink />}
    >
      <p role="alert">{message || t("errors.undefinedError")}</p>
    </Modal>
  );
}

export function SuccessModal({
  open,
  title,
  message,
  onClose,
}: SuccessState & { onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title || t("modal.successTitle")}
      className="modal--success"
    >
      <p role="status">{message}</p>
    </Modal>
  );
}

/** The site-wide error and success modals and the loading flag (SPEC §3, UI state). */
export function UiProvider({ children, modals }: { children: ReactNode; modals: boolean }) {
  const [error, setError] = useState<ErrorState>({ open: false, message: "" });
  const [success, setSuccess] = useState<SuccessState>({ open: false, title: "", message: "" });
  const [isLoading, setLoading] = useState(false);

  const showError = useCallback((message = "") => setError({ open: true, message }), []);
  const showSuccess = useCallback(
    (title: string, message: string) => setSuccess({ open: true, title, message }),
    [],
  );
  const ui = useMemo(
    () => ({ showError, showSuccess, setLoading, isLoading }),
    [showError, showSuccess, isLoading],
  );

  return (
    <UiContext.Provider value={ui}>
      {children}
      {modals ? (
        <>
          <ErrorModal {...error} onClose={() => setError((s) => ({ ...s, open: false }))} />
          <SuccessModal {...success} onClose={() => setSuccess((s) => ({ ...s, open: false }))} />
        </>
      ) : null}
    </UiContext.Provider>
  );
}
