import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react";

// Opened only by scripts after something went wrong or right: loaded the first time they are.
const ErrorModal = lazy(() => import("./modals").then((m) => ({ default: m.ErrorModal })));
const SuccessModal = lazy(() => import("./modals").then((m) => ({ default: m.SuccessModal })));

import type { ErrorState, SuccessState } from "./modals";

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
      {modals && (error.open || success.open) ? (
        <Suspense fallback={null}>
          {error.open ? (
            <ErrorModal {...error} onClose={() => setError((s) => ({ ...s, open: false }))} />
          ) : null}
          {success.open ? (
            <SuccessModal {...success} onClose={() => setSuccess((s) => ({ ...s, open: false }))} />
          ) : null}
        </Suspense>
      ) : null}
    </UiContext.Provider>
  );
}
