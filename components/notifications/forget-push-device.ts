// Signing out forgets this device's Web Push subscription (issue 29): a phone shared by two people must stop showing
// the first one's notifications once they sign out. The server forgets the endpoint (DELETE while the session still
// holds), then the browser drops the subscription itself, so even a DELETE that failed ends in the push service's 410
// and the server's cleanup on the next send. Never blocks the sign-out: every step is bounded and errors are swallowed.

export const PUSH_OWNER_KEY = "volante.push.owner";
const FORGET_TIMEOUT_MS = 3000;

export type ForgetDeps = {
  /** This browser's subscription, if any (null: none or no service worker). */
  subscription: () => Promise<{ endpoint: string; unsubscribe: () => Promise<boolean> } | null>;
  /** DELETE /api/notifications/push/subscriptions with the endpoint. */
  removeOnServer: (endpoint: string) => Promise<unknown>;
  clearOwner: () => void;
  timeoutMs?: number;
};

const bounded = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/** Forgets the device's subscription; true when there was one. */
export async function forgetPushDevice(deps: ForgetDeps): Promise<boolean> {
  const ms = deps.timeoutMs ?? FORGET_TIMEOUT_MS;
  try {
    const sub = await bounded(deps.subscription(), ms);
    if (!sub) return false;
    await bounded(deps.removeOnServer(sub.endpoint).catch(() => null), ms);
    await bounded(sub.unsubscribe().catch(() => false), ms);
    return true;
  } catch {
    return false;
  } finally {
    try {
      deps.clearOwner();
    } catch {
      // no storage: nothing to clear
    }
  }
}

/** The browser's side of forgetPushDevice (called by the shell's logout before the session ends). */
export function forgetThisPushDevice(removeOnServer: (endpoint: string) => Promise<unknown>): Promise<boolean> {
  return forgetPushDevice({
    subscription: async () => {
      if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
      const reg = await navigator.serviceWorker.getRegistration("/");
      return (await reg?.pushManager?.getSubscription()) ?? null;
    },
    removeOnServer,
    clearOwner: () => window.localStorage.removeItem(PUSH_OWNER_KEY),
  });
}
