import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { PROGRESS } from "./progress";
import { useUi } from "./ui";

/** True once `active` has lasted `delayMs`, so quick navigations show nothing. */
function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}

/**
 * A thin bar at the top during client navigation (after 200 ms, filling over 5 s), and a loading
 * overlay while a form is being submitted or a long action runs.
 */
export function NavigationProgress({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { isLoading } = useUi();
  const bar = useDelayed(navigation.state !== "idle", PROGRESS.throttleMs);
  const busy = useDelayed(
    overlay && (navigation.state === "submitting" || isLoading),
    PROGRESS.throttleMs,
  );
  return (
    <>
      <div
        className={`progress-bar${bar ? " progress-bar--active" : ""}`}
        style={{ "--progress-duration": `${PROGRESS.durationMs}ms` } as React.CSSProperties}
        role="progressbar"
        aria-hidden={!bar}
        aria-label={t("loading")}
      />
      {busy ? (
        <div className="loading-overlay" role="status" aria-live="polite">
          <span className="loading-overlay__spinner" aria-hidden="true" />
          <span className="sr-only">{t("loading")}</span>
        </div>
      ) : null}
    </>
  );
}
