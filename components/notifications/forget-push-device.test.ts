import { forgetPushDevice, type ForgetDeps } from "./forget-push-device";

// Signing out on a shared phone: the device's subscription leaves the server and the browser, and the sign-out goes on
// whatever fails.
function device(overrides: Partial<ForgetDeps> = {}) {
  const calls: string[] = [];
  const deps: ForgetDeps = {
    subscription: async () => ({
      endpoint: "https://push.example/abc",
      unsubscribe: async () => {
        calls.push("browser unsubscribe");
        return true;
      },
    }),
    removeOnServer: async (endpoint) => calls.push(`server delete ${endpoint}`),
    clearOwner: () => calls.push("owner cleared"),
    timeoutMs: 50,
    ...overrides,
  };
  return { deps, calls };
}

describe("signing out forgets this device's push subscription", () => {
  it("deletes it on the server first, then in the browser", async () => {
    const { deps, calls } = device();
    await expect(forgetPushDevice(deps)).resolves.toBe(true);
    expect(calls).toEqual(["server delete https://push.example/abc", "browser unsubscribe", "owner cleared"]);
  });

  it("still drops the browser's subscription when the server cannot be reached", async () => {
    const { deps, calls } = device({ removeOnServer: async () => Promise.reject(new Error("offline")) });
    await expect(forgetPushDevice(deps)).resolves.toBe(true);
    expect(calls).toEqual(["browser unsubscribe", "owner cleared"]);
  });

  it("does nothing but clear the owner on a device that never subscribed", async () => {
    const { deps, calls } = device({ subscription: async () => null });
    await expect(forgetPushDevice(deps)).resolves.toBe(false);
    expect(calls).toEqual(["owner cleared"]);
  });

  it("never holds the sign-out: a server that does not answer is given up on", async () => {
    const { deps, calls } = device({ removeOnServer: () => new Promise(() => undefined) });
    const started = Date.now();
    await forgetPushDevice(deps);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toEqual(["browser unsubscribe", "owner cleared"]);
  });
});
