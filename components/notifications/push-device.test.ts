import { base64UrlToBytes, deviceState, pushSupport, subscriptionBody, type PushEnvironment } from "./push-device";

const chrome: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
  maxTouchPoints: 0,
  isStandalone: false,
};
const iphoneSafari: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: false,
  hasNotification: false,
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
  maxTouchPoints: 5,
  isStandalone: false,
};

describe("what a browser offers for Web Push", () => {
  it("is supported with a service worker, a push manager and notifications", () => {
    expect(pushSupport(chrome)).toBe("supported");
  });

  it("tells an iPhone or iPad in a Safari tab to install the app first", () => {
    expect(pushSupport(iphoneSafari)).toBe("ios-install");
    const ipad = { ...iphoneSafari, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15" };
    expect(pushSupport(ipad)).toBe("ios-install");
  });

  it("is unsupported elsewhere without the push manager, and in an installed iPhone app that still lacks it", () => {
    expect(pushSupport({ ...chrome, hasPushManager: false })).toBe("unsupported");
    expect(pushSupport({ ...iphoneSafari, isStandalone: true })).toBe("unsupported");
    // A Mac without touch is a Mac.
    expect(pushSupport({ ...iphoneSafari, userAgent: "Mozilla/5.0 (Macintosh) Safari", maxTouchPoints: 0 })).toBe("unsupported");
  });
});

describe("the device card's state", () => {
  const ready = { support: "supported" as const, publicKey: "key", permission: "granted" as const, endpoint: "https://push/1", owner: "me", myId: "me" };

  it("is on only when this browser is subscribed, allowed, and by this user", () => {
    expect(deviceState(ready)).toBe("on");
    expect(deviceState({ ...ready, owner: "someone-else" })).toBe("off");
    expect(deviceState({ ...ready, owner: null })).toBe("off");
    expect(deviceState({ ...ready, endpoint: null })).toBe("off");
    expect(deviceState({ ...ready, permission: "default" })).toBe("off");
  });

  it("says why it cannot be turned on", () => {
    expect(deviceState({ ...ready, support: "unsupported" })).toBe("unsupported");
    expect(deviceState({ ...ready, support: "ios-install" })).toBe("ios-install");
    expect(deviceState({ ...ready, publicKey: null })).toBe("not-configured");
    expect(deviceState({ ...ready, permission: "denied" })).toBe("denied");
  });

  it("is still being checked until the browser and the key have answered", () => {
    expect(deviceState({ ...ready, support: null })).toBe("checking");
    expect(deviceState({ ...ready, publicKey: undefined })).toBe("checking");
    expect(deviceState({ ...ready, endpoint: undefined })).toBe("checking");
  });
});

describe("the subscription's wire formats", () => {
  it("reads a VAPID key in URL-safe base64 without padding", () => {
    expect([...base64UrlToBytes("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
    // A P-256 public key is 65 bytes, 87 characters.
    expect(base64UrlToBytes("B".repeat(87)).length).toBe(65);
  });

  it("posts the endpoint and both keys, and nothing of a subscription without them", () => {
    const json = { endpoint: "https://push/1", expirationTime: null, keys: { p256dh: "pk", auth: "au" } };
    expect(subscriptionBody(json)).toEqual({ endpoint: "https://push/1", keys: { p256dh: "pk", auth: "au" } });
    expect(subscriptionBody({ endpoint: "https://push/1", keys: { p256dh: "pk" } })).toBeNull();
    expect(subscriptionBody({})).toBeNull();
  });
});
