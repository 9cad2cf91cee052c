import path from "node:path";
import type { Point } from "./face-detector";
import { type RgbImage, warpSimilarity } from "./image";
import { loadGraphModelFromDisk, packageDir, tf } from "./tf-runtime";

/**
 * Eye openness for the blink of the liveness challenge: MediaPipe's Iris landmark model (Apache-2.0, shipped by
 * @vladmandic/human as models/iris.json) gives 71 eye-contour points per eye on a 64x64 crop; the openness is the
 * eye aspect ratio of its eyelid contour. The 68-landmark net of the descriptor barely moves when an eye closes
 * (measured: 0.29 -> 0.28 on a closed-eye edit), the iris model does (0.33 -> 0.13..0.26), see docs/face-engine.md.
 */

const INPUT = 64;
/** The crop is this many times the eye's corner-to-corner width (MediaPipe's own value). */
const EYE_CROP = 2.3;
/** 68-point indices of each eye's corners (outer, inner) as seen in the image: the subject's right eye first. */
const CORNERS: [number, number][] = [
  [36, 39],
  [42, 45],
];

type Slot = { model?: tf.GraphModel };
const SLOT = Symbol.for("volante.faceEngine.iris");
const slot: Slot = ((globalThis as Record<symbol, Slot>)[SLOT] ??= {});

export async function loadEyeModel(): Promise<void> {
  if (slot.model) return;
  const model = await loadGraphModelFromDisk(path.join(packageDir("@vladmandic/human"), "models", "iris.json"));
  const warm = model.execute(tf.zeros([2, INPUT, INPUT, 3])) as tf.Tensor;
  await warm.data();
  warm.dispose();
  slot.model = model;
}

/** Eye aspect ratio of each eye (subject's right, left): ~0.3 open, falling towards 0 as the lids close. */
export async function eyeOpenness(image: RgbImage, landmarks: Point[]): Promise<[number, number]> {
  const { model } = slot;
  if (!model) throw new Error("face engine: eye model not loaded");
  const crops = CORNERS.map(([a, b]) => {
    const [p, q] = [landmarks[a], landmarks[b]];
    const side = Math.hypot(q[0] - p[0], q[1] - p[1]) * EYE_CROP;
    const angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
    const s = side / INPUT;
    const half = INPUT / 2 - 0.5;
    const ca = s * Math.cos(angle);
    const sa = s * Math.sin(angle);
    const cx = (p[0] + q[0]) / 2;
    const cy = (p[1] + q[1]) / 2;
    return warpSimilarity(image, INPUT, { a: ca, b: sa, tx: cx - ca * half + sa * half, ty: cy - sa * half - ca * half });
  });
  const output = tf.tidy(() => {
    const batch = tf.stack(crops.map((c) => tf.tensor3d(c, [INPUT, INPUT, 3], "int32"))).toFloat().div(255);
    return model.execute(batch) as tf.Tensor;
  });
  const values = (await output.data()) as Float32Array;
  output.dispose();
  const per = values.length / 2;
  const ratio = (k: number) => eyeAspectRatio((i) => [values[k * per + i * 3], values[k * per + i * 3 + 1]]);
  return [ratio(0), ratio(1)];
}

/**
 * Iris-model contour: points 0..8 the lower lid from corner to corner, 9..15 the upper lid between them. The same
 * pairs as Soukupová & Čech's EAR on the 68 points: two vertical lid distances over the corner distance.
 */
export function eyeAspectRatio(point: (i: number) => Point): number {
  const d = (i: number, j: number) => Math.hypot(point(i)[0] - point(j)[0], point(i)[1] - point(j)[1]);
  const width = d(0, 8);
  return width > 0 ? (d(11, 3) + d(13, 5)) / (2 * width) : 0;
}
