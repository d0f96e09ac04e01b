import type { RequestHandler } from "msw";
import { ContentStore, DEMO_BRAND, type Brand } from "../content-store";
import { Recorder } from "../recorder";
import { SandboxOrders } from "../sales/orders";
import { SandboxAccounts } from "../auth/accounts";
import { authHandlers } from "./auth";
import { comsHandlers } from "./coms";
import { formHandlers } from "./forms";
import { providerHandlers } from "./provider";
import { salesHandlers } from "./sales";

export interface Sandbox {
  store: ContentStore;
  recorder: Recorder;
  /** The orders of the sandbox shop: tests (and the sandbox payment page) settle them. */
  orders: SandboxOrders;
  /** The demo accounts (sign-in, user info, password change). */
  accounts: SandboxAccounts;
  handlers: RequestHandler[];
}

/** The sandbox upstream: its content, what it received, and the msw handlers serving both. */
export function createSandbox(brand: Brand = DEMO_BRAND, contentDir?: string): Sandbox {
  const store = new ContentStore(brand, contentDir);
  const recorder = new Recorder();
  const orders = new SandboxOrders();
  const accounts = new SandboxAccounts(brand.webVault);
  return {
    store,
    recorder,
    orders,
    accounts,
    handlers: [
      ...comsHandlers(store, recorder),
      ...providerHandlers(brand, recorder),
      ...formHandlers(brand, recorder),
      ...salesHandlers(brand, recorder, orders, accounts),
      ...authHandlers(brand, recorder, accounts),
    ],
  };
}
