import { setupServer } from "msw/node";
import type { Brand } from "./content-store";
import { createSandbox } from "./handlers";

/**
 * Starts the sandbox upstream inside this Node process: every fetch to the upstream base URL is
 * answered by the msw handlers over the demo content. Called from server.ts, never from app code.
 */
export function startSandbox(brand: Brand) {
  const sandbox = createSandbox(brand);
  const server = setupServer(...sandbox.handlers);
  server.listen({ onUnhandledRequest: "bypass" });
  return { ...sandbox, server };
}
