import { describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, whenPageIdle } from "~/integrations/idle";

function fakeWindow(readyState: string, idle: boolean) {
  const listeners: (() => void)[] = [];
  const window = {
    document: { readyState },
    addEventListener: vi.fn((_type: "load", listener: () => void) => listeners.push(listener)),
    requestIdleCallback: idle ? vi.fn((callback: () => void) => callback()) : undefined,
    setTimeout: vi.fn((callback: () => void) => callback()),
  };
  return { window, load: () => listeners.forEach((listener) => listener()) };
}

describe("whenPageIdle", () => {
  it("waits for the load event, then for an idle moment", () => {
    const { window, load } = fakeWindow("interactive", true);
    const run = vi.fn();
    whenPageIdle(window, run);
    expect(run).not.toHaveBeenCalled();
    load();
    expect(window.requestIdleCallback).toHaveBeenCalledWith(run, { timeout: IDLE_TIMEOUT_MS });
    expect(run).toHaveBeenCalledOnce();
  });

  it("asks for an idle moment at once when the page has already loaded", () => {
    const { window } = fakeWindow("complete", true);
    const run = vi.fn();
    whenPageIdle(window, run);
    expect(window.addEventListener).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledOnce();
  });

  it("falls back to a short timer without requestIdleCallback (Safari)", () => {
    const { window } = fakeWindow("complete", false);
    const run = vi.fn();
    whenPageIdle(window, run);
    expect(window.setTimeout).toHaveBeenCalledWith(run, 200);
    expect(run).toHaveBeenCalledOnce();
  });
});
