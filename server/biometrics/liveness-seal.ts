import crypto from "node:crypto";
import type { ChallengeStep, FaceObservation, Observation } from "@/lib/cap/liveness";
import { decrypt, derivedKey, encrypt } from "./crypto";
import { DESCRIPTOR_SIZE } from "./face-fusion";

/**
 * The liveness challenge is stateless on the server (several processes may answer one capture): the challenge and
 * every frame's measurements travel through the browser sealed with AES-256-GCM under a key derived from the
 * biometric key. The browser can read neither the descriptors nor change a measurement, a time or a challenge;
 * an observation opens only with the id of the challenge it was made for.
 */

export type ChallengePurpose = "attendance" | "reference";

export type Challenge = {
  id: string;
  purpose: ChallengePurpose;
  tenantId: string;
  /** The administrator who asked for it. */
  userId: string;
  studentId: string;
  capSessionId: string | null;
  type: "in" | "out" | null;
  steps: ChallengeStep[];
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
};

export type SealedObservation = Observation & { descriptor: number[] | null };

const INFO = "volante liveness v1";
const TOKEN_CONTEXT = "liveness-token";
const observationContext = (challengeId: string) => `liveness-observation:${challengeId}`;

type KeySlot = { key?: Buffer };
const slot: KeySlot = ((globalThis as Record<symbol, KeySlot>)[Symbol.for("volante.livenessKey")] ??= {});
const sealKey = () => (slot.key ??= derivedKey(INFO));

export function newChallengeId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export function sealChallenge(challenge: Challenge, key: Buffer = sealKey()): string {
  return encrypt(Buffer.from(JSON.stringify(challenge)), TOKEN_CONTEXT, key).toString("base64url");
}

/** Null when the token was not sealed here (altered, foreign, another key) or is malformed. */
export function openChallenge(token: string, key: Buffer = sealKey()): Challenge | null {
  try {
    const value = JSON.parse(decrypt(Buffer.from(token, "base64url"), TOKEN_CONTEXT, key).toString("utf8")) as Challenge;
    return typeof value.id === "string" && Array.isArray(value.steps) && Number.isFinite(value.issuedAt) ? value : null;
  } catch {
    return null;
  }
}

type Wire = { n: number; t: number; f: FaceObservation | null; e: string | null };

export function sealObservation(challengeId: string, observation: SealedObservation, key: Buffer = sealKey()): string {
  const wire: Wire = { n: observation.n, t: observation.t, f: observation.face, e: observation.descriptor ? encodeDescriptor(observation.descriptor) : null };
  return encrypt(Buffer.from(JSON.stringify(wire)), observationContext(challengeId), key).toString("base64url");
}

/** Null when it was not sealed here for this challenge. */
export function openObservation(challengeId: string, sealed: string, key: Buffer = sealKey()): SealedObservation | null {
  try {
    const wire = JSON.parse(decrypt(Buffer.from(sealed, "base64url"), observationContext(challengeId), key).toString("utf8")) as Wire;
    if (!Number.isInteger(wire.n) || !Number.isFinite(wire.t)) return null;
    return { n: wire.n, t: wire.t, face: wire.f, descriptor: wire.e ? decodeDescriptor(wire.e) : null };
  } catch {
    return null;
  }
}

function encodeDescriptor(values: number[]): string {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf.toString("base64");
}

function decodeDescriptor(text: string): number[] | null {
  const buf = Buffer.from(text, "base64");
  if (buf.length !== DESCRIPTOR_SIZE * 4) return null;
  return Array.from({ length: DESCRIPTOR_SIZE }, (_, i) => buf.readFloatLE(i * 4));
}
