/**
 * The error boundary of the page routes: the content 404 for a 404, the generic error page
 * otherwise. Its own module, so routes that render no content blocks (search, checkout, the
 * wallet page) do not load the blocks' code with it.
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { GenericErrorPage, NotFoundPage } from "~/layout/ErrorPages";

export function ContentErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GenericErrorPage />;
}
