import { useFetcher } from "@remix-run/react";
import type { Dismissible } from "./dismissals";
import { useSiteData } from "~/root-data";
import { useReturnPath } from "./usePaths";

/**
 * State and form props for a notice that can be closed for good. Without JS the form posts and
 * the server sends the visitor back to the same page; with JS a fetcher posts and the notice
 * hides at once.
 */
export function useDismiss(notice: Dismissible) {
  const fetcher = useFetcher();
  const returnPath = useReturnPath();
  const { dismissed } = useSiteData();
  const closed =
    dismissed.includes(notice) || fetcher.state !== "idle" || fetcher.data !== undefined;
  return {
    closed,
    Form: fetcher.Form,
    formProps: { method: "post" as const, action: "/action/dismiss" },
    hidden: { notice, to: returnPath },
  };
}
