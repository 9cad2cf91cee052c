import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeEmbedding, decrypt, encodeEmbedding, encrypt, loadKey, parseKey } from "./crypto";

const key = crypto.randomBytes(32);

describe("biometric encryption", () => {
  it("round-trips with the same context and hides the plaintext", () => {
    const plain = Buffer.from("\xff\xd8\xff\xe0 a JPEG header and more bytes", "latin1");
    const blob = encrypt(plain, "tenant:student:image", key);
    expect(blob.includes(plain)).toBe(false);
    expect(blob[0]).toBe(1);
    expect(decrypt(blob, "tenant:student:image", key)).toEqual(plain);
  });

  it("uses a fresh IV each time", () => {
    const plain = Buffer.from("same");
    expect(encrypt(plain, "c", key).equals(encrypt(plain, "c", key))).toBe(false);
  });

  it("refuses another context, another key and altered bytes", () => {
    const blob = encrypt(Buffer.from("secret"), "tenant:a:image", key);
    expect(() => decrypt(blob, "tenant:b:image", key)).toThrow();
    expect(() => decrypt(blob, "tenant:a:image", crypto.randomBytes(32))).toThrow();
    const altered = Buffer.from(blob);
    altered[altered.length - 1] ^= 1;
    expect(() => decrypt(altered, "tenant:a:image", key)).toThrow();
    expect(() => decrypt(Buffer.from([2, 3]), "tenant:a:image", key)).toThrow();
  });

  it("stores embeddings as float32", () => {
    const embedding = [0.5, -0.25, 0.125, 1e-3];
    expect(decodeEmbedding(encodeEmbedding(embedding)).map((v) => Number(v.toFixed(6)))).toEqual([0.5, -0.25, 0.125, 0.001]);
  });
});

describe("the key", () => {
  it("accepts 32 bytes as hex or base64 and refuses other lengths", () => {
    expect(parseKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseKey(crypto.randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => parseKey("not a key")).toThrow(/32 bytes/);
  });

  it("refuses to run without a key in production", () => {
    expect(() => loadKey({ nodeEnv: "production", dataDir: os.tmpdir() })).toThrow(/BIOMETRIC_ENCRYPTION_KEY/);
    expect(loadKey({ nodeEnv: "production", key: key.toString("base64") }).equals(key)).toBe(true);
  });

  it("generates one development key under DATA_DIR and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bio-key-"));
    const first = loadKey({ nodeEnv: "development", dataDir });
    expect(first).toHaveLength(32);
    expect(loadKey({ nodeEnv: "development", dataDir }).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dataDir, "keys", "biometric.key")).mode & 0o077).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
