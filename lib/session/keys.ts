import fs from "node:fs";
import path from "node:path";
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI, type CryptoKey } from "jose";

export const JWT_ALG = "ES256";

type PemPair = { privateKey?: string; publicKey: string };

function dataDir(): string {
  // turbopackIgnore: runtime data; without it the build's file tracer copies all of .data (keys) into the image.
  return process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data");
}

function fromEnv(): PemPair | null {
  const publicKey = process.env.JWT_PUBLIC_KEY?.replace(/\\n/g, "\n");
  const privateKey = process.env.JWT_PRIVATE_KEY?.replace(/\\n/g, "\n");
  return publicKey ? { publicKey, privateKey } : null;
}

// Outside production a key pair is generated once and kept under DATA_DIR so tokens survive restarts.
async function devPair(): Promise<PemPair> {
  if (process.env.NODE_ENV === "production" && process.env.ALLOW_DEV_KEYS !== "true") {
    throw new Error("JWT_PUBLIC_KEY (and JWT_PRIVATE_KEY for the API) must be set in production");
  }
  const file = path.join(dataDir(), "keys", "jwt-es256.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as PemPair;
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  const pair = { privateKey: await exportPKCS8(privateKey), publicKey: await exportSPKI(publicKey) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // wx: when two processes race, the loser reads the winner's file.
  try {
    fs.writeFileSync(file, JSON.stringify(pair), { flag: "wx", mode: 0o600 });
  } catch {
    return JSON.parse(fs.readFileSync(file, "utf8")) as PemPair;
  }
  return pair;
}

type KeyCache = { publicKey: Promise<CryptoKey>; privateKey: Promise<CryptoKey | null> };
const globalKeys = globalThis as unknown as { __volanteKeys?: KeyCache };

function load(): KeyCache {
  if (!globalKeys.__volanteKeys) {
    const pair = Promise.resolve(fromEnv() ?? devPair());
    globalKeys.__volanteKeys = {
      publicKey: pair.then((p) => importSPKI(p.publicKey, JWT_ALG)),
      privateKey: pair.then((p) => (p.privateKey ? importPKCS8(p.privateKey, JWT_ALG) : null)),
    };
  }
  return globalKeys.__volanteKeys;
}

export function getPublicKey(): Promise<CryptoKey> {
  return load().publicKey;
}

export async function getPrivateKey(): Promise<CryptoKey> {
  const key = await load().privateKey;
  if (!key) throw new Error("JWT_PRIVATE_KEY is not configured");
  return key;
}
