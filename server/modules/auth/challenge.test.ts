import { createHash } from "node:crypto";
import { signChallengeToken, verifyChallengeToken } from "@/lib/session/challenge-token";
import { signDeviceToken, verifyDeviceToken } from "@/lib/session/device";
import { isSolution, leadingZeroBits, sha256Short, solveChallenge } from "@/lib/session/proof-of-work";
import { verifyToken } from "@/lib/session/token";
import { CHALLENGE, challengeBits } from "./challenge";

const hex = (words: Uint32Array) => Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, "0")).join("");

describe("the proof of work", () => {
  it("hashes like SHA-256 (the browser's answer is the server's)", () => {
    for (const message of ["", "abc", "Xq3k9ZpLmN0aBcDeFgHiJk:0", "Xq3k9ZpLmN0aBcDeFgHiJk:123456789", "a".repeat(55)]) {
      expect(hex(sha256Short(message))).toBe(createHash("sha256").update(message).digest("hex"));
    }
    expect(() => sha256Short("a".repeat(56))).toThrow();
  });

  it("finds a nonce with the asked zero bits, which the server accepts, and not one bit more is given away", async () => {
    const prefix = "AbCdEfGhIjKlMnOpQrStUv";
    const nonce = await solveChallenge(prefix, 12);
    expect(isSolution(prefix, 12, nonce)).toBe(true);
    expect(leadingZeroBits(sha256Short(`${prefix}:${nonce}`))).toBeGreaterThanOrEqual(12);
    // Nothing smaller solves it (the solver tries 0, 1, 2…), and junk is no solution.
    for (let n = 0; n < nonce; n++) expect(isSolution(prefix, 12, n)).toBe(false);
    expect(isSolution(prefix, 12, -1)).toBe(false);
    expect(isSolution(prefix, 12, 1.5)).toBe(false);
  });

  it("costs 16 bits at the limit, one more per doubling of the failures, at most 20", () => {
    expect(challengeBits(5, 5)).toBe(CHALLENGE.baseBits);
    expect(challengeBits(9, 5)).toBe(16);
    expect(challengeBits(10, 5)).toBe(17);
    expect(challengeBits(40, 5)).toBe(19);
    expect(challengeBits(100_000, 5)).toBe(CHALLENGE.maxBits);
  });
});

describe("the challenge token", () => {
  const claims = { id: "AbCdEfGhIjKlMnOpQrStUv", account: "tag", bits: 16 };

  it("round-trips, expires, and passes for neither a session nor a device token (nor they for it)", async () => {
    const now = new Date();
    const token = await signChallengeToken(claims, CHALLENGE.ttlSeconds, now);
    expect(await verifyChallengeToken(token, now)).toEqual(claims);
    expect(await verifyChallengeToken(token, new Date(now.getTime() + (CHALLENGE.ttlSeconds + 1) * 1000))).toBeNull();
    expect(await verifyToken(token)).toBeNull();
    expect(await verifyDeviceToken(token)).toBeNull();
    const device = await signDeviceToken({ userId: "7f0c2a52-0d1e-4c5b-9a8e-222222222222", tenantId: "t", deviceId: "d" });
    expect(await verifyChallengeToken(device)).toBeNull();
  });

  it("holds no user id: the account is a hash", async () => {
    const token = await signChallengeToken(claims, 60);
    expect(Object.keys(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString())).sort()).toEqual(["acct", "bits", "exp", "iat", "jti"]);
  });
});
