import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { Modal } from "./Modal";

export interface ErrorState {
  open: boolean;
  message: string;
}

/** "Contact us": the support chat when one is configured, else an e-mail to support. */
function ContactUsLink() {
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
