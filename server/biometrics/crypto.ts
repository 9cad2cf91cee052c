import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Encryption at rest of biometric data (special-category data, GDPR art. 9): AES-256-GCM with a 32-byte key
 * from BIOMETRIC_ENCRYPTION_KEY (base64 or hex). Outside production, when the variable is unset, a key is
 * generated once under DATA_DIR/keys/biometric.key (like the JWT keys); in production the API refuses to
 * start without one (ALLOW_DEV_KEYS=true lifts that for local production builds, as for the JWT keys).
 *
 * Blob layout: version (1 byte, 0x01) | IV (12 bytes) | auth tag (16 bytes) | ciphertext. The caller's
 * `context` string is bound as additional authenticated data, so a ciphertext copied onto another student's
 * row (or from the image column to the embedding column) fails to decrypt.
 */

const VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type KeySource = { key?: string; nodeEnv?: string; allowDevKeys?: boolean; dataDir?: string };

function defaultSource(): KeySource {
  return {
    key: process.env.BIOMETRIC_ENCRYPTION_KEY,
    nodeEnv: process.env.NODE_ENV,
    allowDevKeys: process.env.ALLOW_DEV_KEYS === "true",
    dataDir: process.env.DATA_DIR ?? path.join(process.cwd(), ".data"),
  };
}

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** 64 hex characters, or base64 of 32 bytes; anything else is refused. */
export function parseKey(value: string): Buffer {
  const text = value.trim();
  const key = HEX_KEY.test(text) ? Buffer.from(text, "hex") : BASE64.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new Error("BIOMETRIC_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64");
  return key;
}

function devKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "keys", "biometric.key");
  if (fs.existsSync(file)) return parseKey(fs.readFileSync(file, "utf8"));
  const key = crypto.randomBytes(KEY_BYTES);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // wx: when two processes race, the loser reads the winner's file.
  try {
    fs.writeFileSync(file, key.toString("base64"), { flag: "wx", mode: 0o600 });
  } catch {
    return parseKey(fs.readFileSync(file, "utf8"));
  }
  return key;
}

export function loadKey(source: KeySource = defaultSource()): Buffer {
  if (source.key) return parseKey(source.key);
  if (source.nodeEnv === "production" && !source.allowDevKeys) {
    throw new Error("BIOMETRIC_ENCRYPTION_KEY must be set in production (32 bytes, base64 or hex)");
  }
  return devKey(source.dataDir ?? path.join(process.cwd(), ".data"));
}

const globalKey = globalThis as unknown as { __volanteBiometricKey?: Buffer };

function key(): Buffer {
  globalKey.__volanteBiometricKey ??= loadKey();
  return globalKey.__volanteBiometricKey;
}

/**
 * A key for another purpose derived from the at-rest key (HKDF-SHA256), so that a blob sealed for one purpose can
 * never be opened as another: the liveness challenge's tokens and observations use it.
 */
export function derivedKey(info: string, secret: Buffer = key()): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), info, KEY_BYTES));
}

/** Called when the API starts: a missing or malformed key stops it instead of failing the first capture. */
export function assertBiometricKeyConfigured(): void {
  key();
}

export function encrypt(plaintext: Buffer, context: string, secret: Buffer = key()): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", secret, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** Throws when the blob was altered, belongs to another context or was written with another key. */
export function decrypt(blob: Buffer, context: string, secret: Buffer = key()): Buffer {
  if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== VERSION) throw new Error("Unknown biometric ciphertext format");
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = crypto.createDecipheriv("aes-256-gcm", secret, iv);
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** Embeddings are stored as little-endian float32, then encrypted. */
export function encodeEmbedding(embedding: readonly number[]): Buffer {
  const buf = Buffer.alloc(embedding.length * 4);
  embedding.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf;
}

export function decodeEmbedding(bytes: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) out.push(bytes.readFloatLE(i));
  return out;
}
