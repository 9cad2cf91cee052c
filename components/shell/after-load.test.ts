// afterLoad (components/shell/after-load.ts): the shell's background reads start once the document has loaded and the
// browser was idle, never during hydration, and once per document. A stand-in window and document in node: the test
// plays the browser's `load` event and idle callback itself.
type Module = typeof import("./after-load");

function fakeBrowser(readyState: "loading" | "complete") {
  const loadListeners: (() => void)[] = [];
  const idle: { callback: () => void; timeout?: number }[] = [];
  const g = globalThis as unknown as Record<string, unknown>;
  g.document = { readyState };
  g.window = {
    addEventListener: (type: string, listener: () => void) => type === "load" && loadListeners.push(listener),
    requestIdleCallback: (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout }),
  };
  return {
    load: () => loadListeners.splice(0).forEach((l) => l()),
    idle: () => idle.splice(0).forEach((i) => i.callback()),
    idleTimeouts: () => idle.map((i) => i.timeout),
  };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

function freshModule(): Module {
  let mod: Module | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<Module>("./after-load");
  });
  return mod!;
}

afterEach(() => {
  const g = globalThis as unknown as Record<string, unknown>;
  delete g.window;
  delete g.document;
});

describe("afterLoad", () => {
  it("waits for the document's load and then an idle moment, and resolves once for every caller", async () => {
    const browser = fakeBrowser("loading");
    const { afterLoad, AFTER_LOAD_TIMEOUT_MS } = freshModule();
    let resolved = 0;
    void afterLoad().then(() => resolved++);
    void afterLoad().then(() => resolved++);
    await settled();
    expect(resolved).toBe(0);
    browser.load();
    await settled();
    expect(resolved).toBe(0);
    expect(browser.idleTimeouts()).toEqual([AFTER_LOAD_TIMEOUT_MS]);
    browser.idle();
    await settled();
    expect(resolved).toBe(2);
  });

  it("on a document already loaded, waits only for an idle moment; later calls resolve at once", async () => {
    const browser = fakeBrowser("complete");
    const { afterLoad } = freshModule();
    let first = false;
    void afterLoad().then(() => (first = true));
    await settled();
    expect(first).toBe(false);
    browser.idle();
    await settled();
    expect(first).toBe(true);
    let second = false;
    void afterLoad().then(() => (second = true));
    await settled();
    expect(second).toBe(true);
  });
});
