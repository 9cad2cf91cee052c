import path from "node:path";
import { type RgbImage, warpSimilarity } from "./image";
import { loadGraphModelFromDisk, packageDir, tf } from "./tf-runtime";

/**
 * Face detector: MediaPipe BlazeFace, full 256x256 ("back camera") variant, Apache-2.0, shipped as a
 * tfjs graph model in @vladmandic/human/models/blazeface.json. Only this detector file of Human is used.
 */

export type Point = [number, number];
export type FaceBox = {
  score: number;
  /** Square-ish box in image pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** right eye, left eye, nose tip, mouth centre, right ear tragion, left ear tragion (subject's sides). */
  keypoints: Point[];
};

const INPUT = 256;
const KEYPOINTS = 6;
/** Detections scoring below this are ignored (0..1, sigmoid of the logit). */
export const DETECTOR_MIN_SCORE = 0.5;
const IOU_THRESHOLD = 0.3;

// Kept on globalThis: Next dev re-evaluates this module on reload, the loaded model must survive it.
type DetectorSlot = { model?: tf.GraphModel; anchors?: Float32Array };
const SLOT = Symbol.for("volante.faceEngine.detector");
const slot: DetectorSlot = ((globalThis as Record<symbol, DetectorSlot>)[SLOT] ??= {});

export async function loadDetector(): Promise<void> {
  if (slot.model) return;
  const file = path.join(packageDir("@vladmandic/human"), "models", "blazeface.json");
  const model = await loadGraphModelFromDisk(file);
  // One pass on a blank frame compiles the kernels, so that the first real capture is not slower.
  const warm = tf.tidy(() => model.execute(tf.zeros([1, INPUT, INPUT, 3])) as tf.Tensor[]);
  await Promise.all(warm.map((t) => t.data()));
  tf.dispose(warm);
  slot.anchors = makeAnchors();
  slot.model = model;
}

/** 896 anchor centres (pixels of the 256 input): 16x16 grid x 2 (stride 16), then 8x8 grid x 6 (stride 32). */
function makeAnchors(): Float32Array {
  const list: number[] = [];
  for (const [stride, perCell] of [
    [16, 2],
    [32, 6],
  ]) {
    const cells = INPUT / stride;
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < perCell; n++) list.push(stride * (x + 0.5), stride * (y + 0.5));
  }
  return Float32Array.from(list);
}

/** All faces above DETECTOR_MIN_SCORE, best first, in image pixel coordinates. */
export async function detectFaces(image: RgbImage): Promise<FaceBox[]> {
  const { model, anchors } = slot;
  if (!model || !anchors) throw new Error("face engine: detector not loaded");
  // Letterbox: the whole image, aspect kept, centred in a 256x256 square (black borders).
  const side = Math.max(image.width, image.height);
  const scale = side / INPUT;
  const offX = (image.width - side) / 2;
  const offY = (image.height - side) / 2;
  const input = warpSimilarity(image, INPUT, { a: scale, b: 0, tx: offX + scale / 2 - 0.5, ty: offY + scale / 2 - 0.5 });

  const raw = tf.tidy(() => {
    const x = tf.tensor4d(input, [1, INPUT, INPUT, 3], "int32").toFloat().div(127.5).sub(1);
    const outputs = model.execute(x) as tf.Tensor[];
    // Four outputs: scores and regressors for the 512 stride-16 anchors and for the 384 stride-32 ones.
    const sorted = [...outputs].sort((p, q) => p.size - q.size); // 384x1, 512x1, 384x16, 512x16
    const scores = tf.concat([sorted[1], sorted[0]], 1).reshape([-1]);
    const boxes = tf.concat([sorted[3], sorted[2]], 1).reshape([-1, 16]);
    return [tf.sigmoid(scores), boxes] as const;
  });
  const scores = (await raw[0].data()) as Float32Array;
  const regs = (await raw[1].data()) as Float32Array;
  tf.dispose(raw as unknown as tf.Tensor[]);

  const found: FaceBox[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] < DETECTOR_MIN_SCORE) continue;
    const r = regs.subarray(i * 16, i * 16 + 16);
    const ax = anchors[i * 2];
    const ay = anchors[i * 2 + 1];
    const toImage = (px: number, py: number): Point => [px * scale + offX, py * scale + offY];
    const [cx, cy] = toImage(ax + r[0], ay + r[1]);
    const w = r[2] * scale;
    const h = r[3] * scale;
    const keypoints: Point[] = [];
    for (let k = 0; k < KEYPOINTS; k++) keypoints.push(toImage(ax + r[4 + k * 2], ay + r[5 + k * 2]));
    found.push({ score: scores[i], x: cx - w / 2, y: cy - h / 2, width: w, height: h, keypoints });
  }
  return nonMaxSuppression(found);
}

/** Greedy NMS, best score first. */
function nonMaxSuppression(boxes: FaceBox[]): FaceBox[] {
  const sorted = [...boxes].sort((p, q) => q.score - p.score);
  const kept: FaceBox[] = [];
  for (const box of sorted) if (kept.every((k) => iou(k, box) < IOU_THRESHOLD)) kept.push(box);
  return kept;
}

function iou(p: FaceBox, q: FaceBox): number {
  const ix = Math.max(0, Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x));
  const iy = Math.max(0, Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y));
  const inter = ix * iy;
  return inter / (p.width * p.height + q.width * q.height - inter || 1);
}
