// Pure rules of 'Activar notificaciones en este dispositivo' (Web Push): what the device can do, what the card says.

/** What a browser offers for Web Push, read from its globals (passed in: testable without a browser). */
export type PushEnvironment = {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  maxTouchPoints: number;
  /** The page runs as an installed app (display-mode: standalone, or iOS's navigator.standalone). */
  isStandalone: boolean;
};

export type PushSupport = "supported" | "unsupported" | "ios-install";

// iPadOS presents itself as a Mac; its touch points tell it apart.
const isAppleMobile = (env: PushEnvironment) =>
  /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);

/**
 * iPhone and iPad offer Web Push only to an app added to the home screen (iOS 16.4+): in a Safari tab the push
 * manager is missing, and the person must be told how to get it rather than that it cannot be had.
 */
export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.hasServiceWorker && env.hasPushManager && env.hasNotification) return "supported";
  if (isAppleMobile(env) && !env.isStandalone) return "ios-install";
  return "unsupported";
}

export type DeviceState =
  | "checking"
  | "unsupported"
  | "ios-install"
  | "not-configured"
  | "denied"
  | "off"
  | "on";

type StateInput = {
  support: PushSupport | null;
  /** The school's VAPID key; null when push is not configured, undefined while it is read. */
  publicKey: string | null | undefined;
  permission: NotificationPermission | null;
  /** This browser's subscription endpoint, if any (null: none; undefined: not read yet). */
  endpoint: string | null | undefined;
  /** Who subscribed this browser here (kept on the device): another user's subscription is not this user's. */
  owner: string | null;
  myId: string | null;
};

export function deviceState(input: StateInput): DeviceState {
  if (input.support === null) return "checking";
  if (input.support !== "supported") return input.support;
  if (input.publicKey === undefined || input.endpoint === undefined) return "checking";
  if (input.publicKey === null) return "not-configured";
  if (input.permission === "denied") return "denied";
  if (input.endpoint && input.permission === "granted" && input.owner !== null && input.owner === input.myId) return "on";
  return "off";
}

/** What the card says in each state. */
export const DEVICE_TEXTS: Record<DeviceState, string> = {
  checking: "Comprobando este dispositivo…",
  unsupported: "Este navegador no admite notificaciones push. Seguirás viendo los avisos en la campana de la aplicación.",
  "ios-install":
    "En iPhone y iPad, las notificaciones llegan a la aplicación instalada: pulsa Compartir, «Añadir a pantalla de inicio», ábrela desde allí y actívalas en «Mi perfil».",
  "not-configured": "Las notificaciones push no están configuradas en esta autoescuela.",
  denied:
    "Has bloqueado las notificaciones de esta aplicación en el navegador. Para activarlas, permítelas en los ajustes del sitio y vuelve a esta página.",
  off: "Recibe los avisos en este dispositivo aunque la aplicación esté cerrada.",
  on: "Las notificaciones están activadas en este dispositivo.",
};

/** A VAPID public key (URL-safe base64, no padding) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The body of POST /api/notifications/push/subscriptions, from PushSubscription.toJSON(); null if it lacks keys. */
export function subscriptionBody(json: { endpoint?: string; keys?: Record<string, string> }) {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
