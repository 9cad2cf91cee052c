/**
 * Score fusion (issue 30 §1): a capture is several frames of one face, a student has one to five references. The
 * decision distance is the mean, over the matched frames, of each frame's mean distance to all the references; a
 * match when it is at most the threshold calibrated for that number of references (`npm run bench:faces:unseen`:
 * the largest threshold whose per-attempt FAR on unseen faces stays <= 0.1% there and 0.02 higher).
 * Pure: descriptors in, decision out.
 */

export type Descriptor = readonly number[];

export const DESCRIPTOR_SIZE = 128;
/**
 * Mean euclidean distance (dlib descriptors) at or below which a capture matches, by number of references; 3 for three
 * or more (enrolment takes five from the camera: at 0.51, FAR on unseen faces measured 0.04 %, 0.07 % and 0.03 % with
 * three, four and five references, `npm run bench:faces:unseen`).
 */
export const MATCH_THRESHOLDS: Readonly<Record<1 | 2 | 3, number>> = { 1: 0.46, 2: 0.505, 3: 0.51 };
/**
 * Every pair of frames of one capture must be at most this far apart: the face that blinked and turned is the face
 * that is matched. dlib's own "same person" bound; frames of one person a second apart measure 0.05-0.3.
 */
export const SAME_FACE_MAX_DISTANCE = 0.6;

export function isDescriptor(value: unknown): value is Descriptor {
  return Array.isArray(value) && value.length === DESCRIPTOR_SIZE && value.every((v) => typeof v === "number" && Number.isFinite(v));
}

export function distance(a: Descriptor, b: Descriptor): number {
  if (!isDescriptor(a) || !isDescriptor(b)) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_SIZE; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

export function matchThreshold(referenceCount: number): number {
  if (referenceCount <= 0) return Number.NEGATIVE_INFINITY;
  return MATCH_THRESHOLDS[Math.min(3, referenceCount) as 1 | 2 | 3];
}

/** Mean over frames of the mean distance to every reference; +Infinity without frames or references. */
export function fusedDistance(frames: Descriptor[], references: Descriptor[]): number {
  if (frames.length === 0 || references.length === 0) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (const frame of frames) total += references.reduce((s, r) => s + distance(frame, r), 0) / references.length;
  return total / frames.length;
}

export type Decision = { distance: number; threshold: number; isMatch: boolean; references: number; frames: number };

export function decide(frames: Descriptor[], references: Descriptor[]): Decision {
  const d = fusedDistance(frames, references);
  const threshold = matchThreshold(references.length);
  return { distance: d, threshold, isMatch: Number.isFinite(d) && d <= threshold, references: references.length, frames: frames.length };
}

/** Largest distance between two frames of the capture (0 for one frame). */
export function spread(frames: Descriptor[]): number {
  let worst = 0;
  for (let i = 0; i < frames.length; i++) for (let j = i + 1; j < frames.length; j++) worst = Math.max(worst, distance(frames[i], frames[j]));
  return worst;
}
