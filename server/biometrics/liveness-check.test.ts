import crypto from "node:crypto";
import { BLINK_MAX_MS, evaluateChallenge, LIVENESS_TIME_LIMIT_MS, MAX_GAP_MS, randomSteps, type ChallengeStep, type FaceObservation, type Observation } from "@/lib/cap/liveness";
import { checkLiveness } from "./liveness-check";
import { type Challenge, openChallenge, openObservation, sealChallenge, sealObservation } from "./liveness-seal";

// The liveness challenge as the server checks it: sealed observations in, a decision out. Frames are made by hand:
// a face with an eye openness and a yaw at a time, as the engine measures them (face-engine.ts).

const key = crypto.randomBytes(32);
const T0 = 1_700_000_000_000;
const FRAME_MS = 200;

const face = (over: Partial<FaceObservation> = {}): FaceObservation => ({ box: [0.3, 0.2, 0.4, 0.5], yaw: 0.02, eyes: 0.5, good: true, quality: 0.8, described: true, ...over });

/** A frame script: each entry is one frame, 200 ms apart, starting 100 ms after the challenge was issued. */
type Pose = "open" | "closed" | "half" | "left" | "right" | "none" | "other";
function frames(script: Pose[]): Observation[] {
  return script.map((pose, n) => {
    const t = T0 + 100 + n * FRAME_MS;
    switch (pose) {
      case "none":
        return { n, t, face: null };
      case "closed":
        return { n, t, face: face({ eyes: 0.2, good: false, described: false }) };
      case "half":
        return { n, t, face: face({ eyes: 0.42, good: false, described: false }) };
      case "left":
        return { n, t, face: face({ yaw: -0.3, good: false, described: false }) };
      case "right":
        return { n, t, face: face({ yaw: 0.3, good: false, described: false }) };
      case "other":
        return { n, t, face: face({ box: [0.0, 0.0, 0.2, 0.25] }) };
      default:
        return { n, t, face: face() };
    }
  });
}

const open = (k: number): Pose[] => Array<Pose>(k).fill("open");
const blink: Pose[] = ["closed", "closed"];
const turnLeft: Pose[] = ["left", "left"];
const turnRight: Pose[] = ["right", "right"];

function challenge(steps: ChallengeStep[]): Challenge {
  return { id: "c1", purpose: "attendance", tenantId: "t", userId: "u", studentId: "s", capSessionId: "x", type: "in", steps, issuedAt: T0, expiresAt: T0 + 90_000 };
}

/** A descriptor near `base`: frames of one person differ by ~0.1, two people by more than 0.6. */
function descriptor(person: number, jitter = 0): number[] {
  const random = (i: number) => Math.sin(person * 97.1 + i * 13.7 + jitter) * 0.5;
  return Array.from({ length: 128 }, (_, i) => (person === 1 ? 0 : 0.1) + random(i) * 0.04 + (person === 2 ? (i % 2 ? 0.09 : -0.09) : 0));
}

function seal(c: Challenge, observations: Observation[], descriptors: (n: number) => number[] | null = () => descriptor(1, 0.01)): string[] {
  return observations.map((o) => sealObservation(c.id, { ...o, descriptor: o.face?.described ? descriptors(o.n) : null }, key));
}

const decide = (steps: ChallengeStep[], script: Pose[], now = T0 + 20_000) => evaluateChallenge(steps, frames(script), T0, now);

describe("the challenge (lib/cap/liveness.ts)", () => {
  it("passes a blink then a turn to the left done in that order by one face", () => {
    const result = decide(["blink", "turn-left"], [...open(3), ...blink, ...open(2), ...turnLeft, ...open(3)]);
    expect(result).toMatchObject({ status: "passed", done: 2, next: null });
    expect(result.matchFrames.length).toBeGreaterThan(0);
  });

  it("says what is missing while the steps are not done, and fails once the time is over", () => {
    expect(decide(["blink", "turn-right"], open(1))).toMatchObject({ status: "pending", done: 0, next: "look" });
    expect(decide(["blink", "turn-right"], open(6))).toMatchObject({ status: "pending", done: 0, next: "blink" });
    expect(decide(["blink", "turn-right"], [...open(3), ...blink, ...open(2)])).toMatchObject({ status: "pending", done: 1, next: "turn-right" });
    expect(decide(["blink", "turn-right"], open(6), T0 + LIVENESS_TIME_LIMIT_MS + 1)).toMatchObject({ status: "failed", reason: "time-limit" });
  });

  it("refuses a still picture: the same face, frame after frame, never blinks nor turns", () => {
    expect(decide(["blink", "turn-left"], open(100), T0 + LIVENESS_TIME_LIMIT_MS + 1)).toMatchObject({ status: "failed", done: 0 });
  });

  it("counts the steps only in the asked order", () => {
    expect(decide(["blink", "turn-left"], [...open(3), ...turnLeft, ...open(2), ...blink, ...open(3)])).toMatchObject({ status: "pending", done: 1, next: "turn-left" });
  });

  it("needs the asked side: a turn to the right does not answer 'turn left'", () => {
    expect(decide(["turn-left", "blink"], [...open(3), ...turnRight, ...open(3), ...blink, ...open(3)])).toMatchObject({ status: "pending", done: 0 });
  });

  it("needs the eyes to close clearly and open again, quickly", () => {
    expect(decide(["blink", "turn-left"], [...open(3), "half", "half", ...open(3)])).toMatchObject({ done: 0 });
    expect(decide(["blink", "turn-left"], [...open(3), ...blink])).toMatchObject({ done: 0, next: "blink" });
    const slow = Array<Pose>(Math.ceil(BLINK_MAX_MS / FRAME_MS) + 1).fill("closed");
    expect(decide(["blink", "turn-left"], [...open(3), ...slow, ...open(3)])).toMatchObject({ done: 0 });
  });

  it("does not take a blink while the head moves (a tilted picture changes its eye openness with its pose)", () => {
    const script = frames([...open(3), ...open(1), "closed", ...open(3)]);
    script[4].face = face({ eyes: 0.2, yaw: 0.12, good: false, described: false });
    expect(evaluateChallenge(["blink", "turn-left"], script, T0, T0 + 20_000)).toMatchObject({ done: 0 });
  });

  it("restarts when the face leaves the picture for too long or another face takes its place", () => {
    const gap = Array<Pose>(Math.ceil(MAX_GAP_MS / FRAME_MS) + 1).fill("none");
    expect(decide(["blink", "turn-left"], [...open(3), ...blink, ...gap, ...open(3)])).toMatchObject({ done: 0 });
    expect(decide(["blink", "turn-left"], [...open(3), ...blink, ...open(1), "other", ...open(3)])).toMatchObject({ done: 0 });
    // A blink loses no face: a frame without one inside the allowed gap keeps the track.
    expect(decide(["blink", "turn-left"], [...open(3), "closed", "none", ...open(3), ...turnLeft, ...open(2)])).toMatchObject({ status: "passed" });
  });

  it("needs a good, described frame after the last step", () => {
    const script = frames([...open(3), ...blink, ...open(2), ...turnLeft, ...open(2)]);
    for (const o of script.slice(-2)) o.face = face({ described: false });
    expect(evaluateChallenge(["blink", "turn-left"], script, T0, T0 + 20_000)).toMatchObject({ status: "pending", done: 2, next: "look" });
  });

  it("ignores frames dated outside the challenge", () => {
    const script = frames([...open(3), ...blink, ...open(2), ...turnLeft, ...open(3)]).map((o) => ({ ...o, t: o.t + LIVENESS_TIME_LIMIT_MS }));
    expect(evaluateChallenge(["blink", "turn-left"], script, T0, T0 + 90_000)).toMatchObject({ status: "failed" });
  });

  it("draws a blink and a turn in a random order", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 64; i++) {
      const steps = randomSteps();
      expect(steps).toHaveLength(2);
      expect(steps).toContain("blink");
      seen.add(steps.join(","));
    }
    expect(seen).toEqual(new Set(["blink,turn-left", "blink,turn-right", "turn-left,blink", "turn-right,blink"]));
  });
});

describe("the server's check of a capture (checkLiveness)", () => {
  const steps: ChallengeStep[] = ["turn-right", "blink"];
  const good = frames([...open(3), ...turnRight, ...open(2), ...blink, ...open(3)]);

  it("passes a sealed, complete challenge and gives the descriptors of the best frames", () => {
    const c = challenge(steps);
    const result = checkLiveness(c, seal(c, good), T0 + 20_000, key);
    expect(result).toMatchObject({ ok: true, observations: good.length });
    if (result.ok) expect(result.frames.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses observations sealed for another challenge, or altered", () => {
    const c = challenge(steps);
    const other = { ...c, id: "c2" };
    expect(checkLiveness(c, seal(other, good), T0 + 20_000, key)).toMatchObject({ ok: false, reason: "forged-observation" });
    const sealed = seal(c, good);
    const bytes = Buffer.from(sealed[0], "base64url");
    bytes[bytes.length - 1] ^= 1;
    sealed[0] = bytes.toString("base64url");
    expect(checkLiveness(c, sealed, T0 + 20_000, key)).toMatchObject({ ok: false, reason: "forged-observation" });
  });

  it("refuses a capture whose frames are not all the same person", () => {
    const c = challenge(steps);
    const swapped = seal(c, good, (n) => descriptor(n >= 8 ? 2 : 1, n));
    expect(checkLiveness(c, swapped, T0 + 20_000, key)).toMatchObject({ ok: false, reason: "different-faces" });
  });

  it("refuses an incomplete challenge, with the steps done in the audit details", () => {
    const c = challenge(steps);
    expect(checkLiveness(c, seal(c, frames(open(20))), T0 + 40_000, key)).toMatchObject({ ok: false, reason: "challenge-failed", details: { done: 0 } });
  });
});

describe("sealing (liveness-seal.ts)", () => {
  it("round-trips a challenge and refuses it under another key or altered", () => {
    const c = challenge(["blink", "turn-left"]);
    const token = sealChallenge(c, key);
    expect(openChallenge(token, key)).toEqual(c);
    expect(openChallenge(token, crypto.randomBytes(32))).toBeNull();
    expect(openChallenge(token.slice(0, -2) + (token.endsWith("A") ? "B" : "A") + token.slice(-1), key)).toBeNull();
    expect(openChallenge("not a token", key)).toBeNull();
  });

  it("keeps the descriptor out of sight and gives it back intact", () => {
    const d = descriptor(1);
    const sealed = sealObservation("c1", { n: 1, t: T0, face: face(), descriptor: d }, key);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("yaw");
    const back = openObservation("c1", sealed, key)!;
    back.descriptor!.forEach((v, i) => expect(v).toBeCloseTo(d[i], 5));
    expect(openObservation("c2", sealed, key)).toBeNull();
  });
});
