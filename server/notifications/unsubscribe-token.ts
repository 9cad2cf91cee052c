import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "@/lib/contract/constants/notifications";

// The token of an e-mail's unsubscribe link (List-Unsubscribe, RFC 8058): it names a school, a user and a category,
// and is signed with HMAC-SHA256, so nobody can make one for another person or category. It does not expire (a mail
// read a year later must still unsubscribe) and needs no table: the preference it sets is idempotent.
//
// Layout: base64url(version | tenant uuid | user uuid | category) "." base64url(HMAC over those bytes).
// The key is derived (HKDF) from the API's JWT signing key, a secret every API already has; outside production
// without one, a key generated once under DATA_DIR/keys/unsubscribe.key. Replacing the JWT key voids old links
// (the user still has 'Mi perfil').

export type UnsubscribeClaims = { tenantId: string; userId: string; category: NotificationCategory };

const VERSION = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CATEGORIES: ReadonlySet<string> = new Set(NOTIFICATION_CATEGORIES);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,200}\.[A-Za-z0-9_-]{43}$/;

function dataDir(): string {
  // turbopackIgnore: runtime data; without it the build's file tracer copies all of .data (keys) into the image.
  return process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data");
}

function devSecret(): Buffer {
  if (process.env.NODE_ENV === "production" && process.env.ALLOW_DEV_KEYS !== "true") {
    throw new Error("JWT_PRIVATE_KEY must be set in production (it also keys the unsubscribe links)");
  }
  const file = path.join(dataDir(), "keys", "unsubscribe.key");
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  const secret = crypto.randomBytes(32);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // wx: when two processes race, the loser reads the winner's file.
  try {
    fs.writeFileSync(file, secret.toString("base64"), { flag: "wx", mode: 0o600 });
  } catch {
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  }
  return secret;
}

function inputKeyMaterial(): Buffer {
  const pem = process.env.JWT_PRIVATE_KEY?.replace(/\\n/g, "\n");
  // The key's DER bytes, not its text: the same key written with other line breaks gives the same secret.
  return pem ? crypto.createPrivateKey(pem).export({ format: "der", type: "pkcs8" }) : devSecret();
}

const cache = globalThis as unknown as { __volanteUnsubscribeKey?: { source: string; key: Buffer } };

function signingKey(): Buffer {
  const source = `${process.env.JWT_PRIVATE_KEY ?? ""}|${dataDir()}`;
  if (cache.__volanteUnsubscribeKey?.source !== source) {
    const key = Buffer.from(crypto.hkdfSync("sha256", inputKeyMaterial(), "volante", "notifications unsubscribe v1", 32));
    cache.__volanteUnsubscribeKey = { source, key };
  }
  return cache.__volanteUnsubscribeKey.key;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidText = (b: Buffer) => b.toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
const mac = (data: Buffer) => crypto.createHmac("sha256", signingKey()).update(data).digest();

export function unsubscribeToken({ tenantId, userId, category }: UnsubscribeClaims): string {
  if (!UUID.test(tenantId) || !UUID.test(userId) || !CATEGORIES.has(category)) throw new Error("unsubscribeToken: bad claims");
  const data = Buffer.concat([Buffer.from([VERSION]), uuidBytes(tenantId), uuidBytes(userId), Buffer.from(category, "utf8")]);
  return `${data.toString("base64url")}.${mac(data).toString("base64url")}`;
}

/** The claims of a genuine token; null for anything malformed, altered or signed with another key. */
export function readUnsubscribeToken(token: string): UnsubscribeClaims | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [dataText, macText] = token.split(".") as [string, string];
  const data = Buffer.from(dataText, "base64url");
  const given = Buffer.from(macText, "base64url");
  const expected = mac(data);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  if (data.length < 34 || data[0] !== VERSION) return null;
  const category = data.subarray(33).toString("utf8");
  if (!CATEGORIES.has(category)) return null;
  return { tenantId: uuidText(data.subarray(1, 17)), userId: uuidText(data.subarray(17, 33)), category: category as NotificationCategory };
}
