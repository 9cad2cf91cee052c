import crypto from "node:crypto";
import webpush from "web-push";
import { decryptAes128gcm, verifyVapid, type UserAgentKeys } from "./web-push-crypto";

const b = (s: string) => Buffer.from(s, "base64url");

// RFC 8291, Appendix A: the user agent's keys and the encrypted message of the RFC's example.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
    "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};
const rfcKeys: UserAgentKeys = { privateKey: b(RFC.uaPrivate), publicKey: b(RFC.uaPublic), authSecret: b(RFC.auth) };

describe("decryptAes128gcm (the browser's side of RFC 8291)", () => {
  it("decrypts the RFC's Appendix A message to its plaintext", () => {
    expect(decryptAes128gcm(b(RFC.body), rfcKeys).toString("utf8")).toBe(RFC.plaintext);
  });

  it("refuses a body altered by one bit, and the right body with another subscription's auth secret", () => {
    const altered = b(RFC.body);
    altered[altered.length - 20]! ^= 1;
    expect(() => decryptAes128gcm(altered, rfcKeys)).toThrow(/authentication failed/);
    expect(() => decryptAes128gcm(b(RFC.body), { ...rfcKeys, authSecret: crypto.randomBytes(16) })).toThrow(/authentication failed/);
  });

  it("reads what web-push encrypts for a fresh subscription", () => {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret: crypto.randomBytes(16) };
    const sent = webpush.encrypt(keys.publicKey.toString("base64url"), keys.authSecret.toString("base64url"), "¿Clase mañana a las 9:00?", "aes128gcm");
    expect(decryptAes128gcm(sent.cipherText, keys).toString("utf8")).toBe("¿Clase mañana a las 9:00?");
  });
});

describe("verifyVapid (the push service's side of RFC 8292)", () => {
  const vapid = webpush.generateVAPIDKeys();
  const origin = "http://127.0.0.1:4567";
  const header = (audience = origin, subject = "mailto:ops@volante.example") =>
    webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, "aes128gcm").Authorization;

  it("accepts web-push's header and answers the claims and the key", () => {
    const { claims, publicKey } = verifyVapid(header(), origin);
    expect(publicKey).toBe(vapid.publicKey);
    expect(claims).toMatchObject({ aud: origin, sub: "mailto:ops@volante.example" });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses another audience, an expired token, a token over 24 hours, another key and another scheme", () => {
    expect(() => verifyVapid(header("https://push.example"), origin)).toThrow(/aud/);
    expect(() => verifyVapid(header(), origin, Date.now() + 13 * 3600_000)).toThrow(/expired/);
    expect(() => verifyVapid(header(), origin, Date.now() - 13 * 3600_000)).toThrow(/24 hours/);
    const other = webpush.generateVAPIDKeys().publicKey;
    expect(() => verifyVapid(header().replace(/k=.+$/, `k=${other}`), origin)).toThrow(/signature/);
    expect(() => verifyVapid(`WebPush ${header().slice(6)}`, origin)).toThrow(/vapid scheme/);
    expect(() => verifyVapid(undefined, origin)).toThrow(/vapid scheme/);
  });
});
