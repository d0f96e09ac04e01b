import { http, HttpResponse } from "msw";
import { expect, it } from "vitest";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "../support/remix";
import { searchLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

it("marks a search as failed and private when both search services are down", async () => {
  const down = () => new HttpResponse(null, { status: 503 });
  upstream.server.use(
    http.get(upstreamUrl("/coms/pages-search-v2/"), down),
    http.get(upstreamUrl("/coms/pages-search/"), down),
  );
  const { status, data, headers } = await returned(searchLoader(loaderArgs("/search?q=vault")));
  expect(status).toBe(200);
  expect(data).toMatchObject({ query: "vault", results: null, failed: true });
  expect(headers.get("Cache-Control")).toBe("private, no-store");
  expect(upstream.calls("/coms/pages-search/")).toHaveLength(1);
});
