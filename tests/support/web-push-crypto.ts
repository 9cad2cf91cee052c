import crypto from "node:crypto";

// What a browser and its push service do with a Web Push request, written from the RFCs with node:crypto only (not
// web-push's code run backwards, so that a mistake shared by both sides cannot pass):
// - decryptAes128gcm: the user agent's side of RFC 8291 (message encryption) over RFC 8188 (aes128gcm records);
// - verifyVapid: the push service's check of RFC 8292's `Authorization: vapid t=<JWT>, k=<key>`.

const b64u = (b: Buffer) => b.toString("base64url");
const fromB64u = (s: string) => Buffer.from(s, "base64url");
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();

export type UserAgentKeys = { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer };

/** A P-256 key pair (65-byte uncompressed public point) and a 16-byte auth secret, as PushManager makes them. */
export function createUserAgentKeys(): UserAgentKeys {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret: crypto.randomBytes(16) };
}

export class PushProtocolError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** RFC 8291 §3.4 + RFC 8188 §2: the plaintext of an aes128gcm body, for the subscription's keys. Throws on tampering. */
export function decryptAes128gcm(body: Buffer, keys: UserAgentKeys): Buffer {
  if (body.length < 21) throw new PushProtocolError("aes128gcm: body shorter than its header", 400);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  // RFC 8291 §4: the keyid is the application server's ephemeral public key, an uncompressed P-256 point.
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new PushProtocolError("aes128gcm: keyid is not a P-256 public key", 400);
  if (rs < 18) throw new PushProtocolError("aes128gcm: record size too small", 400);

  const ecdh = crypto.createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // RFC 8291 §3.3: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32).
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, asPublic]);
  const ikm = hmac(hmac(keys.authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  // RFC 8188 §2.2-2.3: CEK and NONCE from HKDF(salt, IKM).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonceBase = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);

  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    if (record.length < 17) throw new PushProtocolError("aes128gcm: truncated record", 400);
    const nonce = Buffer.from(nonceBase);
    // The record's sequence number XORed into the nonce (as a 96-bit big-endian number; 32 bits are plenty here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new PushProtocolError("aes128gcm: authentication failed (wrong keys or altered body)", 400);
    }
    // Padding: the data, one delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const isLast = offset + rs >= records.length;
    if (end < 0 || padded[end] !== (isLast ? 2 : 1)) throw new PushProtocolError("aes128gcm: bad padding delimiter", 400);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export type VapidClaims = { aud: string; exp: number; sub: string; [k: string]: unknown };

/**
 * RFC 8292 §2-3: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the header and claims, signed by k's private
 * key; aud is this push service's origin, exp at most 24 hours ahead, sub a contact. Answers the claims and the key.
 */
export function verifyVapid(authorization: string | undefined, origin: string, now = Date.now()): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? "");
  if (!match) throw new PushProtocolError("Authorization: expected the vapid scheme", 401);
  const params = Object.fromEntries(
    match[1]!.split(",").map((part) => {
      const i = part.indexOf("=");
      return [part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) throw new PushProtocolError("Authorization: vapid needs t= and k=", 401);
  const point = fromB64u(key);
  if (point.length !== 65 || point[0] !== 0x04) throw new PushProtocolError("k is not an uncompressed P-256 key", 401);
  const [headerText, claimsText, signatureText] = token.split(".");
  if (!headerText || !claimsText || !signatureText) throw new PushProtocolError("t is not a JWT", 401);
  const header = JSON.parse(fromB64u(headerText).toString("utf8")) as { alg?: string };
  if (header.alg !== "ES256") throw new PushProtocolError(`JWT alg ${header.alg} is not ES256`, 401);
  const publicKey = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const isValid = crypto.verify("sha256", Buffer.from(`${headerText}.${claimsText}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, fromB64u(signatureText));
  if (!isValid) throw new PushProtocolError("JWT signature does not verify with k", 401);
  const claims = JSON.parse(fromB64u(claimsText).toString("utf8")) as VapidClaims;
  if (claims.aud !== origin) throw new PushProtocolError(`JWT aud ${claims.aud} is not ${origin}`, 403);
  const nowSeconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) throw new PushProtocolError("JWT expired", 403);
  if (claims.exp > nowSeconds + 24 * 60 * 60) throw new PushProtocolError("JWT exp more than 24 hours ahead", 403);
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new PushProtocolError("JWT sub is not a mailto: or https: contact", 403);
  return { claims, publicKey: key };
}
