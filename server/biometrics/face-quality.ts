import type { Point } from "./face-detector";

/**
 * Quality gates of a face frame (issue 30 §1, best of N frames): a frame is matched only when it passes all of them,
 * and the first gate that fails becomes the guidance shown over the camera. Pure: measurements in, decision out.
 * Thresholds measured on the fixtures and the unseen set (`npm run bench:faces`, docs/face-engine.md).
 */

export type FaceMetrics = {
  /** Faces the detector confirmed in the frame. */
  faces: number;
  /** Frame size in pixels. */
  frameWidth: number;
  frameHeight: number;
  /** Face box in pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** Distance between the eye centres, in pixels. */
  eyeDistance: number;
  /** See yawOf: 0 frontal, ±1 profile. */
  yaw: number;
  /** Nose height between the eye line and the mouth, 0..1 (about 0.5 frontal). */
  pitch: number;
  /** Eye-line angle, degrees. */
  roll: number;
  /** Mean eye aspect ratio of both eyes (eye-state.ts). */
  eyeOpenness: number;
  /** Variance of the Laplacian of the face crop (grey levels). */
  sharpness: number;
  /** Mean grey level of the face crop, 0..255. */
  brightness: number;
};

export type Gate = "single" | "inFrame" | "size" | "frontal" | "eyesOpen" | "light" | "sharp";

/** What the person in front of the camera should do, in the spec's language. */
export const GUIDANCE = {
  single: "Solo una persona delante de la cámara",
  inFrame: "Aléjate",
  size: "Acércate",
  frontal: "Mira a la cámara",
  eyesOpen: "Abre los ojos",
  dark: "Más luz",
  bright: "Menos luz",
  sharp: "No te muevas",
} as const;
export type Guidance = (typeof GUIDANCE)[keyof typeof GUIDANCE];

export const QUALITY = {
  /** Below this the face has too few pixels for the 150x150 descriptor chip. */
  minEyeDistance: 36,
  /** The face box may not reach closer than this share of its size to the frame's edge. */
  edgeMargin: 0.05,
  maxYaw: 0.3,
  pitch: [0.3, 0.72] as const,
  maxRoll: 20,
  minEyeOpenness: 0.16,
  brightness: [55, 225] as const,
  minSharpness: 25,
};

export type QualityReport = { gates: Record<Gate, boolean>; good: boolean; guidance: Guidance | null; score: number };

export function assessQuality(m: FaceMetrics): QualityReport {
  const margin = QUALITY.edgeMargin * Math.max(m.box.width, m.box.height);
  const inFrame = m.box.x >= -margin && m.box.y >= -margin && m.box.x + m.box.width <= m.frameWidth + margin && m.box.y + m.box.height <= m.frameHeight + margin;
  const [lo, hi] = QUALITY.brightness;
  const gates: Record<Gate, boolean> = {
    single: m.faces === 1,
    inFrame,
    size: m.eyeDistance >= QUALITY.minEyeDistance,
    frontal: Math.abs(m.yaw) <= QUALITY.maxYaw && m.pitch >= QUALITY.pitch[0] && m.pitch <= QUALITY.pitch[1] && Math.abs(m.roll) <= QUALITY.maxRoll,
    eyesOpen: m.eyeOpenness >= QUALITY.minEyeOpenness,
    light: m.brightness >= lo && m.brightness <= hi,
    sharp: m.sharpness >= QUALITY.minSharpness,
  };
  const guidance = firstGuidance(gates, m);
  const good = guidance === null;
  // Ranks good frames: frontal, open-eyed, sharp and large first. Each term saturates at a comfortable value.
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  const score =
    0.35 * clamp(1 - Math.abs(m.yaw) / QUALITY.maxYaw) +
    0.25 * clamp(m.sharpness / (4 * QUALITY.minSharpness)) +
    0.2 * clamp(m.eyeDistance / (2 * QUALITY.minEyeDistance)) +
    0.1 * clamp(m.eyeOpenness / 0.3) +
    0.1 * clamp(1 - Math.abs(m.brightness - 130) / 100);
  return { gates, good, guidance, score: Math.round(score * 1000) / 1000 };
}

function firstGuidance(g: Record<Gate, boolean>, m: FaceMetrics): Guidance | null {
  if (!g.single) return GUIDANCE.single;
  if (!g.inFrame) return GUIDANCE.inFrame;
  if (!g.size) return GUIDANCE.size;
  if (!g.light) return m.brightness < QUALITY.brightness[0] ? GUIDANCE.dark : GUIDANCE.bright;
  if (!g.frontal) return GUIDANCE.frontal;
  if (!g.eyesOpen) return GUIDANCE.eyesOpen;
  if (!g.sharp) return GUIDANCE.sharp;
  return null;
}

const mean = (pts: Point[]): Point => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];

/** Pose and proportions from the 68 landmarks (iBUG layout), measured in the eye-levelled frame. */
export function poseOf(landmarks: Point[]): { yaw: number; pitch: number; roll: number; eyeDistance: number; eyesToMouth: number } {
  const rightEye = mean(landmarks.slice(36, 42));
  const leftEye = mean(landmarks.slice(42, 48));
  const angle = Math.atan2(leftEye[1] - rightEye[1], leftEye[0] - rightEye[0]);
  const [c, s] = [Math.cos(-angle), Math.sin(-angle)];
  const level = ([x, y]: Point): Point => [c * x - s * y, s * x + c * y];
  const [jawRight, jawLeft, nose] = [level(landmarks[0]), level(landmarks[16]), level(landmarks[30])];
  const eyes = level(mean([rightEye, leftEye]));
  const mouth = level(mean(landmarks.slice(48, 68)));
  // yaw: where the nose tip sits between the two sides of the jaw; a ratio of horizontal distances, so a flat picture
  // moved, scaled or tilted in front of the camera keeps it.
  const toRight = nose[0] - jawRight[0];
  const toLeft = jawLeft[0] - nose[0];
  const yaw = toRight + toLeft > 0 ? (toLeft - toRight) / (toLeft + toRight) : 0;
  const eyesToMouth = mouth[1] - eyes[1];
  const pitch = eyesToMouth > 0 ? (nose[1] - eyes[1]) / eyesToMouth : 0;
  const eyeDistance = Math.hypot(leftEye[0] - rightEye[0], leftEye[1] - rightEye[1]);
  return { yaw, pitch, roll: (angle * 180) / Math.PI, eyeDistance, eyesToMouth };
}

/**
 * Eye openness that a tilted picture keeps: the eye aspect ratio shrinks with the cosine of a tilt about the
 * horizontal axis, and so does eyes-to-mouth over eye distance; their ratio does not. A blink changes only the first.
 */
export function normalisedOpenness(eyeAspectRatio: number, eyeDistance: number, eyesToMouth: number): number {
  return eyesToMouth > 0 ? (eyeAspectRatio * eyeDistance) / eyesToMouth : 0;
}

/** Variance of the 4-neighbour Laplacian and mean of a grey image (size x size), over its central square. */
export function sharpnessAndBrightness(grey: Uint8Array, size: number, inner = 0.7): { sharpness: number; brightness: number } {
  const from = Math.max(1, Math.round((size * (1 - inner)) / 2));
  const to = Math.min(size - 1, size - from);
  let sum = 0;
  let sumSq = 0;
  let total = 0;
  let n = 0;
  for (let y = from; y < to; y++) {
    for (let x = from; x < to; x++) {
      const i = y * size + x;
      const lap = grey[i - 1] + grey[i + 1] + grey[i - size] + grey[i + size] - 4 * grey[i];
      sum += lap;
      sumSq += lap * lap;
      total += grey[i];
      n++;
    }
  }
  if (n === 0) return { sharpness: 0, brightness: 0 };
  const meanLap = sum / n;
  return { sharpness: sumSq / n - meanLap * meanLap, brightness: total / n };
}
