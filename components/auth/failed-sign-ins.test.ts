import { failedSignInsText, rememberFailedSignIns, takeFailedSignIns } from "./failed-sign-ins";

// The login form hands the API's count to the shell through this tab's sessionStorage; the shell tells it once.
describe("failed sign-ins notice", () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });
  afterAll(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it("is told once after a sign-in that followed failures, and not at all after a clean one", () => {
    rememberFailedSignIns(6);
    expect(takeFailedSignIns()).toBe(6);
    expect(takeFailedSignIns()).toBe(0);
    rememberFailedSignIns(3);
    rememberFailedSignIns(0);
    expect(takeFailedSignIns()).toBe(0);
    rememberFailedSignIns(undefined);
    expect(takeFailedSignIns()).toBe(0);
  });

  it("reads in Spanish, singular and plural", () => {
    expect(failedSignInsText(1)).toBe("Ha habido 1 intento fallido de acceso a tu cuenta desde tu último acceso.");
    expect(failedSignInsText(6)).toBe("Ha habido 6 intentos fallidos de acceso a tu cuenta desde tu último acceso.");
  });

  it("never breaks the sign-in when storage is refused", () => {
    const saved = globalThis.sessionStorage;
    Object.assign(globalThis, { sessionStorage: { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); }, removeItem: () => undefined } });
    expect(() => rememberFailedSignIns(2)).not.toThrow();
    expect(takeFailedSignIns()).toBe(0);
    Object.assign(globalThis, { sessionStorage: saved });
  });
});
