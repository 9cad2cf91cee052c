import { createHash, randomBytes } from "node:crypto";
import type { LoginChallenge } from "@/lib/contract/auth";
import { signChallengeToken, verifyChallengeToken } from "@/lib/session/challenge-token";
import { isSolution } from "@/lib/session/proof-of-work";
import type { DbOrTx } from "../../db/client";
import { claimOnce } from "./throttle.repository";

/**
 * The way in for a rightful user on a new device while an attacker keeps the account backed off (docs: the
 * sign-in challenge). A sign-in refused by the account's back-off answers a challenge: a signed, expiring token and
 * `bits`; the browser finds a nonce whose SHA-256 with the challenge's id starts with that many zero bits and sends
 * it with the password. A solved, unused challenge lets that one attempt be checked despite the back-off; a failure
 * still counts (and lengthens the back-off, and raises the next challenge's cost).
 *
 * Cost: 2^bits hashes, ~0.3 s in a phone's browser at 16 bits. It doubles with each doubling of the account's
 * failures in the window past the limit, up to 20 bits (~5–10 s on a phone), so an attacker who keeps guessing pays
 * more per guess while the rightful user still gets in within a minute.
 */
export const CHALLENGE = { baseBits: 16, maxBits: 20, ttlSeconds: 120 };

export function challengeBits(failures: number, limit: number): number {
  const extra = Math.floor(Math.log2(Math.max(1, failures / limit)));
  return Math.min(CHALLENGE.maxBits, CHALLENGE.baseBits + extra);
}

const accountTag = (accountKey: string) => createHash("sha256").update(`volante-challenge:${accountKey}`).digest("base64url").slice(0, 22);

export async function issueChallenge(accountKey: string, failures: number, limit: number, now: Date): Promise<LoginChallenge> {
  const id = randomBytes(16).toString("base64url");
  const bits = challengeBits(failures, limit);
  const token = await signChallengeToken({ id, account: accountTag(accountKey), bits }, CHALLENGE.ttlSeconds, now);
  return { token, prefix: id, bits };
}

/**
 * True when `solution` solves this unexpired challenge, issued for this very account, for the first time. Each
 * challenge is good for one attempt (its id is claimed in auth_throttle, shared by every replica; the rows go with
 * the throttle's own housekeeping).
 */
export async function redeemChallenge(db: DbOrTx, token: string | undefined, solution: number | undefined, accountKey: string, now: Date): Promise<boolean> {
  if (!token || solution === undefined) return false;
  const claims = await verifyChallengeToken(token, now);
  if (!claims || claims.account !== accountTag(accountKey) || !isSolution(claims.id, claims.bits, solution)) return false;
  return claimOnce(db, `challenge:${claims.id}`, now);
}
