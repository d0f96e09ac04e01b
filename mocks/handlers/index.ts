import { ContentStore, DEMO_BRAND, type Brand } from "../content-store";
import { Recorder } from "../recorder";
import { comsHandlers } from "./coms";
import { formHandlers } from "./forms";
import { providerHandlers } from "./provider";

export interface Sandbox {
  store: ContentStore;
  recorder: Recorder;
  handlers: (
    ReturnType<typeof comsHandlers>[number] | ReturnType<typeof providerHandlers>[number]
  )[];
}

/** The sandbox upstream: its content, what it received, and the msw handlers serving both. */
export function createSandbox(brand: Brand = DEMO_BRAND, contentDir?: string): Sandbox {
  const store = new ContentStore(brand, contentDir);
  const recorder = new Recorder();
  return {
    store,
    recorder,
    handlers: [
      ...comsHandlers(store, recorder),
      ...providerHandlers(brand),
      ...formHandlers(brand, recorder),
    ],
  };
}
