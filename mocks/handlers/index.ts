import { ContentStore, type Brand } from "../content-store";
import { Recorder } from "../recorder";
import { comsHandlers } from "./coms";

export interface Sandbox {
  store: ContentStore;
  recorder: Recorder;
  handlers: ReturnType<typeof comsHandlers>;
}

/** The sandbox upstream: its content, what it received, and the msw handlers serving both. */
export function createSandbox(brand?: Brand): Sandbox {
  const store = new ContentStore(brand);
  const recorder = new Recorder();
  return { store, recorder, handlers: [...comsHandlers(store, recorder)] };
}
