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

// Opened only by scripts after something went wrong: loaded the first time it is. What succeeds
// says so in place, in the form's own answer (decision 031): there is no success modal.
const ErrorModal = lazy(() => import("./modals").then((m) => ({ default: m.ErrorModal })));

import type { ErrorState } from "./modals";

interface Ui {
  showError(message?: string): void;
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

/** The site-wide error modal and the loading flag (SPEC §3, UI state). */
export function UiProvider({ children, modals }: { children: ReactNode; modals: boolean }) {
  const [error, setError] = useState<ErrorState>({ open: false, message: "" });
  const [isLoading, setLoading] = useState(false);

  const showError = useCallback((message = "") => setError({ open: true, message }), []);
  const ui = useMemo(() => ({ showError, setLoading, isLoading }), [showError, isLoading]);

  return (
    <UiContext.Provider value={ui}>
      {children}
      {modals && error.open ? (
        <Suspense fallback={null}>
          <ErrorModal {...error} onClose={() => setError((s) => ({ ...s, open: false }))} />
        </Suspense>
      ) : null}
    </UiContext.Provider>
  );
}
