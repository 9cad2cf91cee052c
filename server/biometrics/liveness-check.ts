import { evaluateChallenge, type ChallengeProgress, type Observation } from "@/lib/cap/liveness";
import { isDescriptor, SAME_FACE_MAX_DISTANCE, spread, type Descriptor } from "./face-fusion";
import { type Challenge, openObservation, type SealedObservation } from "./liveness-seal";

/**
 * The server's decision on a live capture: the observations must all be its own for this challenge, the challenge's
 * steps must be done in order by one face in view within the time limit (lib/cap/liveness.ts), and every described
 * frame must be the same person. Returns the descriptors of the frames to match.
 */

export type LivenessResult =
  | { ok: true; frames: Descriptor[]; progress: ChallengeProgress; spread: number; observations: number }
  | { ok: false; reason: "forged-observation" | "challenge-failed" | "different-faces"; details: Record<string, unknown> };

export function checkLiveness(challenge: Challenge, sealed: string[], now: number, key?: Buffer): LivenessResult {
  const opened: SealedObservation[] = [];
  for (const blob of sealed) {
    const observation = openObservation(challenge.id, blob, key);
    if (!observation) return { ok: false, reason: "forged-observation", details: { observations: sealed.length } };
    opened.push(observation);
  }
  const plain: Observation[] = opened.map(({ n, t, face }) => ({ n, t, face }));
  const progress = evaluateChallenge(challenge.steps, plain, challenge.issuedAt, now);
  if (progress.status !== "passed") {
    return { ok: false, reason: "challenge-failed", details: { steps: challenge.steps, done: progress.done, why: progress.reason, observations: opened.length } };
  }
  const described = opened.filter((o) => isDescriptor(o.descriptor));
  const worst = spread(described.map((o) => o.descriptor!));
  if (worst > SAME_FACE_MAX_DISTANCE) return { ok: false, reason: "different-faces", details: { spread: round(worst), observations: opened.length } };
  const byNumber = new Map(described.map((o) => [o.n, o.descriptor!]));
  const frames = progress.matchFrames.map((n) => byNumber.get(n)).filter((d): d is number[] => d !== undefined);
  if (frames.length === 0) return { ok: false, reason: "challenge-failed", details: { steps: challenge.steps, done: progress.done, why: "no-described-frame" } };
  return { ok: true, frames, progress, spread: round(worst), observations: opened.length };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
