import { setupServer } from "msw/node";
import type { Brand } from "./content-store";
import { createSandbox } from "./handlers";

export { SANDBOX_CAPTCHA_JS } from "./captcha-script";
export { sandboxBrand } from "./content-store";
export { sandboxPayPage } from "./pay-page";

/**
 * Starts the sandbox upstream inside this Node process: every fetch to the upstream base URL is
 * answered by the msw handlers over the demo content. Called from the launcher, server.ts, never from app code.
 * `contentDir` is where the demo content lives when it is not next to this file (the compiled
 * server reads a copy in build/sandbox-content).
 */
export function startSandbox(brand: Brand, contentDir?: string) {
  const sandbox = createSandbox(brand, contentDir);
  const server = setupServer(...sandbox.handlers);
  server.listen({ onUnhandledRequest: "bypass" });
  return { ...sandbox, server };
}
