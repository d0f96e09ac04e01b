import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface Props {
  open: boolean;
  onClose?: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** Extra controls after the close button (a form that also closes, a link…). */
  actions?: ReactNode;
}

/**
 * A dialog. The server renders an open one as part of the page, so a result is readable without
 * JS (its Close button is a `method="dialog"` form, which needs no JS either). In the browser it
 * becomes modal: focus stays inside, Escape closes it, and focus returns where it was.
 */
export function Modal({ open, onClose, title, children, className, actions }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const returnFocus = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.matches(":modal")) {
      // A dialog the server rendered open is not modal yet: reopen it as one.
      if (dialog.open) dialog.close();
      returnFocus.current ??= document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      // A close event that arrives after the dialog was reopened as modal is stale.
      if (dialog.open) return;
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
      onCloseRef.current?.();
    };
    // A modal <dialog> lets Tab leave for the browser's own UI; keep it cycling inside instead.
    const trapTab = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !dialog.matches(":modal")) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.hasAttribute("disabled") && el.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("close", handleClose);
    dialog.addEventListener("keydown", trapTab);
    return () => {
      dialog.removeEventListener("close", handleClose);
      dialog.removeEventListener("keydown", trapTab);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      open={hydrated ? undefined : open}
    >
      <div className="modal__body">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
      <div className="modal__actions">
        {actions}
        <form method="dialog">
          <button type="submit" className="btn btn--primary" autoFocus={false}>
            {t("modal.close")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
