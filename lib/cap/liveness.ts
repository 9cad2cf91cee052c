/**
 * The active liveness challenge of a face capture (issue 30 §2), as pure functions shared by the browser (to show
 * progress and the next prompt) and the server (which decides, on observations it sealed itself, see
 * server/biometrics/liveness-seal.ts). A challenge is a random order of a blink and a head turn, done within
 * LIVENESS_TIME_LIMIT_MS by one face that stays in view: a photo cannot blink, and a flat picture turned or tilted
 * in front of the camera does not change `yaw` (a ratio of horizontal distances, unchanged by any affine motion).
 */

export type ChallengeStep = "blink" | "turn-left" | "turn-right";

/** Time from the challenge's issue to the last frame the server accepts for it. */
export const LIVENESS_TIME_LIMIT_MS = 30_000;
/** Longest time without a face (or between two frames) before the face in view counts as another one. */
export const MAX_GAP_MS = 1_500;
/** Good frames needed before a step can start: the person's own eye openness and yaw are measured on them. */
export const MIN_BASELINE_FRAMES = 2;
/** Eyes closed: openness at or below this share of the person's own baseline; open again at or above the second. */
export const BLINK_CLOSED_RATIO = 0.78;
export const BLINK_OPEN_RATIO = 0.9;
/** A blink is quick: open, closed and open again within this time, the head still meanwhile. */
export const BLINK_MAX_MS = 1_200;
/** "Still" during a blink: yaw within this of the open frame before it, box within BLINK_STILL_BOX of its width. */
const BLINK_STILL_YAW = 0.06;
const BLINK_STILL_BOX = 0.2;
/** A head turn: yaw moved at least this far from the baseline in the asked direction, then came back within TURN_BACK. */
export const TURN_MIN_YAW = 0.14;
export const TURN_BACK_YAW = 0.08;
export const TURN_MAX_MS = 4_000;
/** Between two frames of one face the box moves less than this share of its width and keeps its size within the ratio. */
const MAX_BOX_SHIFT = 0.6;
const MAX_BOX_SCALE = 1.5;
/** Frames whose descriptors are fused into the decision. */
export const MATCH_FRAMES = 3;

/** What the server measured on one frame (also sent to the browser in plain, for guidance and progress). */
export type FaceObservation = {
  /** x, y, width, height as shares of the frame. */
  box: [number, number, number, number];
  /** -1..1: 0 frontal, + the person turned to their right, - to their left (non-mirrored camera image). */
  yaw: number;
  /** Eye openness, normalised by the face's own vertical proportions so that a tilted picture keeps it. */
  eyes: number;
  /** All quality gates passed: one face, big enough, frontal, eyes open, sharp, enough light. */
  good: boolean;
  /** 0..1, higher is better; ranks the good frames. */
  quality: number;
  /** The server computed this frame's descriptor (only good frames, when asked). */
  described: boolean;
};

export type Observation = { n: number; t: number; face: FaceObservation | null };

export type ChallengeProgress = {
  status: "pending" | "passed" | "failed";
  /** Steps completed, in order. */
  done: number;
  /** What the person should do now; null once passed. */
  next: ChallengeStep | "look" | null;
  /** Why it failed or what is missing. */
  reason: "time-limit" | "no-face" | null;
  /** `n` of the frames whose descriptors decide (best quality first; at least one after the last step). */
  matchFrames: number[];
};

/** A random order of a blink and a head turn to a random side. */
export function randomSteps(random: () => number = Math.random): ChallengeStep[] {
  const turn: ChallengeStep = random() < 0.5 ? "turn-left" : "turn-right";
  return random() < 0.5 ? ["blink", turn] : [turn, "blink"];
}

/** Whether the face in `b` can be the one in `a` a moment later. */
export function sameTrack(a: FaceObservation, b: FaceObservation): boolean {
  const [ax, ay, aw, ah] = a.box;
  const [bx, by, bw, bh] = b.box;
  const shift = Math.hypot(ax + aw / 2 - (bx + bw / 2), ay + ah / 2 - (by + bh / 2));
  const scale = Math.max(aw / bw, bw / aw);
  return shift <= MAX_BOX_SHIFT * Math.max(aw, bw) && scale <= MAX_BOX_SCALE;
}

/**
 * The last continuous stretch of one face: frames with a face, in time order, none more than MAX_GAP_MS after the
 * previous one, each on the track of the previous. Frames without a face inside the stretch are skipped.
 */
export function lastTrack(observations: Observation[]): Observation[] {
  const frames = uniqueInOrder(observations);
  const track: Observation[] = [];
  let lastFaceAt = Number.NEGATIVE_INFINITY;
  for (const frame of frames) {
    if (!frame.face) continue;
    const previous = track.at(-1);
    const broken = !previous || frame.t - lastFaceAt > MAX_GAP_MS || !sameTrack(previous.face!, frame.face);
    if (broken) track.length = 0;
    track.push(frame);
    lastFaceAt = frame.t;
  }
  // A face that left the picture for too long before the end does not end the challenge in view.
  const end = frames.at(-1)?.t ?? lastFaceAt;
  return end - lastFaceAt > MAX_GAP_MS ? [] : track;
}

/**
 * Progress of a challenge over the frames seen so far. `issuedAt` and `now` are epoch milliseconds; frames outside
 * [issuedAt, issuedAt + LIVENESS_TIME_LIMIT_MS] are ignored.
 */
export function evaluateChallenge(steps: ChallengeStep[], observations: Observation[], issuedAt: number, now: number): ChallengeProgress {
  const deadline = issuedAt + LIVENESS_TIME_LIMIT_MS;
  const inTime = observations.filter((o) => o.t >= issuedAt && o.t <= deadline);
  const track = lastTrack(inTime);
  const expired = now > deadline;
  const fail = (done: number, reason: ChallengeProgress["reason"], next: ChallengeProgress["next"]): ChallengeProgress =>
    expired ? { status: "failed", done, next: null, reason: "time-limit", matchFrames: [] } : { status: "pending", done, next, reason, matchFrames: [] };
  if (track.length === 0) return fail(0, inTime.length > 0 ? "no-face" : null, "look");

  const good: Observation[] = [];
  let done = 0;
  let lastStepAt = Number.NEGATIVE_INFINITY;
  // Start of the current step's movement: for a blink the open frame before the closed one, for a turn the first
  // turned frame. null while waiting for it.
  let from: number | null = null;
  let lastOpen: number | null = null;
  for (let i = 0; i < track.length; i++) {
    const frame = track[i];
    const face = frame.face!;
    if (done < steps.length && good.length >= MIN_BASELINE_FRAMES) {
      const base = baseline(good);
      const step = steps[done];
      if (step === "blink") {
        const closed = face.eyes <= BLINK_CLOSED_RATIO * base.eyes;
        const open = face.eyes >= BLINK_OPEN_RATIO * base.eyes;
        if (from !== null && frame.t - track[from].t > BLINK_MAX_MS) from = null;
        if (from === null && closed && lastOpen !== null && frame.t - track[lastOpen].t <= BLINK_MAX_MS) from = lastOpen;
        else if (from !== null && open) {
          if (isStill(track.slice(from, i + 1))) [done, lastStepAt] = [done + 1, frame.t];
          from = null;
        }
        if (open) lastOpen = i;
      } else {
        const moved = (face.yaw - base.yaw) * (step === "turn-right" ? 1 : -1);
        if (from !== null && frame.t - track[from].t > TURN_MAX_MS) from = null;
        if (from === null && moved >= TURN_MIN_YAW) from = i;
        else if (from !== null && Math.abs(face.yaw - base.yaw) <= TURN_BACK_YAW) [done, lastStepAt, from] = [done + 1, frame.t, null];
      }
    }
    // Frames in the middle of a step are never baseline frames (a half-closed eye, a half-turned head).
    if (face.good && from === null) good.push(frame);
  }
  if (done < steps.length) return fail(done, null, good.length < MIN_BASELINE_FRAMES ? "look" : steps[done]);

  const described = good.filter((o) => o.face!.described);
  const after = described.filter((o) => o.t >= lastStepAt);
  if (after.length === 0) return fail(done, null, "look");
  const best = [...described].sort((p, q) => q.face!.quality - p.face!.quality);
  const chosen = best.slice(0, MATCH_FRAMES);
  if (!chosen.some((o) => o.t >= lastStepAt)) chosen[chosen.length - 1] = [...after].sort((p, q) => q.face!.quality - p.face!.quality)[0];
  return { status: "passed", done, next: null, reason: null, matchFrames: chosen.map((o) => o.n) };
}

/** The head did not move while the eyes closed and opened: same yaw and box as the open frame before. */
function isStill(frames: Observation[]): boolean {
  const first = frames[0].face!;
  return frames.every(({ face }) => {
    const [ax, ay, aw] = first.box;
    const [bx, by, bw] = face!.box;
    const shift = Math.hypot(ax - bx, ay - by) + Math.abs(aw - bw);
    return Math.abs(face!.yaw - first.yaw) <= BLINK_STILL_YAW && shift <= BLINK_STILL_BOX * aw;
  });
}

function baseline(good: Observation[]): { eyes: number; yaw: number } {
  return { eyes: median(good.map((o) => o.face!.eyes)), yaw: median(good.map((o) => o.face!.yaw)) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** By time, first copy of each frame number kept. */
function uniqueInOrder(observations: Observation[]): Observation[] {
  const seen = new Set<number>();
  return [...observations]
    .sort((p, q) => p.t - q.t || p.n - q.n)
    .filter((o) => {
      if (seen.has(o.n)) return false;
      seen.add(o.n);
      return true;
    });
}
