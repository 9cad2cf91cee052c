import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";

// The server's VAPID identity (RFC 8292): the key pair that signs every push request's JWT, and the contact the push
// services see. From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT; outside production, when unset, a pair is
// generated once under DATA_DIR/keys/vapid.json (like the JWT and biometric keys), so that subscriptions made in
// development survive restarts. Browsers bind a subscription to the public key: changing it orphans every device.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type Source = { env?: NodeJS.ProcessEnv };

// When VAPID_SUBJECT is unset: push services want a contact; this one says who sends without naming a person.
const DEFAULT_SUBJECT = "mailto:notificaciones@volante.invalid";

function dataDir(env: NodeJS.ProcessEnv): string {
  // turbopackIgnore: runtime data; without it the build's file tracer copies all of .data (keys) into the image.
  return env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data");
}

const devKeysAllowed = (env: NodeJS.ProcessEnv) => env.NODE_ENV !== "production" || env.ALLOW_DEV_KEYS === "true";

function fromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY.trim(), privateKey: env.VAPID_PRIVATE_KEY.trim(), subject: env.VAPID_SUBJECT ?? DEFAULT_SUBJECT };
}

function devKeys(env: NodeJS.ProcessEnv): VapidKeys {
  const file = path.join(dataDir(env), "keys", "vapid.json");
  const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  const read = () => ({ ...(JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string }), subject });
  if (fs.existsSync(file)) return read();
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // wx: when two processes race, the loser reads the winner's file.
  try {
    fs.writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { flag: "wx", mode: 0o600 });
  } catch {
    return read();
  }
  return { publicKey, privateKey, subject };
}

/** Whether push can be sent: keys in the environment, or development keys allowed (created on first use). */
export function vapidAvailable({ env = process.env }: Source = {}): boolean {
  return fromEnv(env) !== null || devKeysAllowed(env);
}

const cache = globalThis as unknown as { __volanteVapid?: { signature: string; keys: VapidKeys } };

/** The keys, or null when push is not configured (production without VAPID_* variables). */
export function loadVapidKeys({ env = process.env }: Source = {}): VapidKeys | null {
  // Keyed by what they come from, so tests that change the environment (or DATA_DIR) get the matching pair.
  const signature = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT, env.DATA_DIR, env.NODE_ENV].join("|");
  if (cache.__volanteVapid?.signature === signature) return cache.__volanteVapid.keys;
  const keys = fromEnv(env) ?? (devKeysAllowed(env) ? devKeys(env) : null);
  if (keys) {
    // Throws on a malformed pair or subject: better at the first use than on every send.
    // (Signing a header once validates all three; nothing is set globally: server/notifications/push.ts signs.)
    webpush.getVapidHeaders("https://push.example", keys.subject, keys.publicKey, keys.privateKey, "aes128gcm");
    cache.__volanteVapid = { signature, keys };
  }
  return keys;
}
