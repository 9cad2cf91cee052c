import path from "node:path";
import * as faceapi from "@vladmandic/face-api/dist/face-api.node-wasm.js";
import type { FaceBox, Point } from "./face-detector";
import { type RgbImage, warpSimilarity } from "./image";
import { packageDir, tf } from "./tf-runtime";

/**
 * Face descriptor: dlib's ResNet face recognition model (dlib_face_recognition_resnet_model_v1, public
 * domain weights), as converted by face-api.js (`face_recognition_model`), 128 floats per face.
 * The face is first aligned the way dlib does it: 68 landmarks (face-api's `face_landmark_68_model`,
 * MIT) are fitted to dlib's mean face with a similarity transform and a 150x150 chip is resampled.
 */

type Similarity = { a: number; b: number; tx: number; ty: number };

const LANDMARK_INPUT = 112;
const CHIP = 150;
/** dlib get_face_chip_details(shape, 150, 0.25), as used by dlib's face recognition example. */
const CHIP_PADDING = 0.25;
/** The landmark net sees a square this many times the detector box, centred on it, eyes levelled. */
const LANDMARK_CROP = 1.2;
/** Above this keypointDisagreement the detection is rejected as not a face. */
export const MAX_DISAGREEMENT = 0.35;

// dlib's mean face (image_transforms/interpolation.h), points 17..67 of the 68-point iBUG layout,
// in a unit square. Public domain / Boost-licensed numeric constants from dlib.
const MEAN_X = [
  0.000213256, 0.0752622, 0.18113, 0.29077, 0.393397, 0.586856, 0.689483, 0.799124, 0.904991, 0.98004, 0.490127,
  0.490127, 0.490127, 0.490127, 0.36688, 0.426036, 0.490127, 0.554217, 0.613373, 0.121737, 0.187122, 0.265825,
  0.334606, 0.260918, 0.182743, 0.645647, 0.714428, 0.793132, 0.858516, 0.79751, 0.719335, 0.254149, 0.340985,
  0.428858, 0.490127, 0.551395, 0.639268, 0.726104, 0.642159, 0.556721, 0.490127, 0.423532, 0.338094, 0.290379,
  0.428096, 0.490127, 0.552157, 0.689874, 0.553364, 0.490127, 0.42689,
];
const MEAN_Y = [
  0.106454, 0.038915, 0.0187482, 0.0344891, 0.0773906, 0.0773906, 0.0344891, 0.0187482, 0.038915, 0.106454, 0.203352,
  0.307009, 0.409805, 0.515625, 0.587326, 0.609345, 0.628106, 0.609345, 0.587326, 0.216423, 0.178758, 0.179852,
  0.231733, 0.245099, 0.244077, 0.231733, 0.179852, 0.178758, 0.216423, 0.244077, 0.245099, 0.780233, 0.745405,
  0.727388, 0.742578, 0.727388, 0.745405, 0.780233, 0.864805, 0.902192, 0.909281, 0.902192, 0.864805, 0.784792,
  0.778746, 0.785343, 0.778746, 0.784792, 0.824182, 0.831803, 0.824182,
];
/** dlib uses nose, eyes, outer lips and the upper inner lip: not the brows, not the lower lip. */
const USED = Array.from({ length: 68 }, (_, i) => i).filter(
  (i) => i >= 27 && !(i >= 55 && i <= 59) && !(i >= 65 && i <= 67),
);

// face-api keeps its nets as singletons inside the (external, never re-bundled) package.
const nets = () => [faceapi.nets.faceLandmark68Net, faceapi.nets.faceRecognitionNet];

export async function loadDescriptor(): Promise<void> {
  const dir = path.join(packageDir("@vladmandic/face-api"), "model");
  if (nets().every((net) => net.isLoaded)) return;
  for (const net of nets()) if (!net.isLoaded) await net.loadFromDisk(dir);
  // Warm-up on blank inputs (same shapes as real use): compiles the kernels before the first capture.
  const blank = (size: number) => tf.zeros([size, size, 3], "int32") as unknown as faceapi.tf.Tensor3D;
  const inputs = [blank(LANDMARK_INPUT), blank(CHIP), blank(CHIP)];
  await faceapi.nets.faceLandmark68Net.detectLandmarks(inputs[0]);
  await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(inputs.slice(1));
  tf.dispose(inputs as unknown as tf.Tensor[]);
}

/**
 * 128-d descriptor of the face in `box`: the mean of the descriptors of the aligned chip and of its
 * mirror image (measured: fewer same-person outliers than the chip alone). Null when the landmark net
 * and the detector disagree about where the eyes, nose and mouth are, i.e. the box is not a face. `knownLandmarks`:
 * the box's landmarks when the caller already located them.
 */
export async function describeFace(image: RgbImage, box: FaceBox, knownLandmarks?: Point[]): Promise<Float32Array | null> {
  if (!nets().every((net) => net.isLoaded)) throw new Error("face engine: descriptor not loaded");
  const landmarks = knownLandmarks ?? (await locateLandmarks(image, box));
  if (keypointDisagreement(box, landmarks) > MAX_DISAGREEMENT) return null;
  const chip = warpSimilarity(image, CHIP, chipTransform(landmarks));
  const batch = [chip, mirror(chip)].map((pixels) => tf.tensor3d(pixels, [CHIP, CHIP, 3], "int32"));
  try {
    const input = batch as unknown as faceapi.tf.Tensor3D[]; // an array = one batched forward pass
    const [plain, mirrored] = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(input)) as Float32Array[];
    return plain.map((v, i) => (v + mirrored[i]) / 2);
  } finally {
    tf.dispose(batch);
  }
}

/**
 * Mean distance between the detector's eyes, nose tip and mouth centre and the same points from the
 * 68 landmarks, over the detector's eye distance. Real faces measure 0.04-0.15; the one false detection
 * in the fixtures (a watch on a wrist) measured 0.68.
 */
export function keypointDisagreement(box: FaceBox, landmarks: Point[]): number {
  const centre = (from: number, to: number): Point => {
    const pts = landmarks.slice(from, to);
    return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
  };
  const pairs: [Point, Point][] = [
    [box.keypoints[0], centre(36, 42)],
    [box.keypoints[1], centre(42, 48)],
    [box.keypoints[2], landmarks[30]],
    [box.keypoints[3], centre(48, 68)],
  ];
  const eyes = Math.hypot(box.keypoints[1][0] - box.keypoints[0][0], box.keypoints[1][1] - box.keypoints[0][1]);
  const total = pairs.reduce((sum, [p, q]) => sum + Math.hypot(p[0] - q[0], p[1] - q[1]), 0);
  return eyes > 0 ? total / pairs.length / eyes : Number.POSITIVE_INFINITY;
}

function mirror(chip: Uint8Array): Uint8Array {
  const out = new Uint8Array(chip.length);
  for (let y = 0; y < CHIP; y++) {
    for (let x = 0; x < CHIP; x++) {
      const src = (y * CHIP + CHIP - 1 - x) * 3;
      const dst = (y * CHIP + x) * 3;
      out[dst] = chip[src];
      out[dst + 1] = chip[src + 1];
      out[dst + 2] = chip[src + 2];
    }
  }
  return out;
}

/** 68 landmarks in image coordinates, found on an upright square crop around the detector box. */
export async function locateLandmarks(image: RgbImage, box: FaceBox): Promise<Point[]> {
  const [rightEye, leftEye] = box.keypoints;
  const angle = Math.atan2(leftEye[1] - rightEye[1], leftEye[0] - rightEye[0]);
  const side = Math.max(box.width, box.height) * LANDMARK_CROP;
  const s = side / LANDMARK_INPUT;
  const half = LANDMARK_INPUT / 2 - 0.5;
  const a = s * Math.cos(angle);
  const b = s * Math.sin(angle);
  const cx = box.x + box.width / 2 - 0.5;
  const cy = box.y + box.height / 2 - 0.5;
  const crop: Similarity = { a, b, tx: cx - a * half + b * half, ty: cy - b * half - a * half };
  const pixels = warpSimilarity(image, LANDMARK_INPUT, crop);
  const input = tf.tensor3d(pixels, [LANDMARK_INPUT, LANDMARK_INPUT, 3], "int32");
  try {
    const result = await faceapi.nets.faceLandmark68Net.detectLandmarks(input as unknown as faceapi.tf.Tensor3D);
    const marks = Array.isArray(result) ? result[0] : result;
    // Landmarks come in crop pixels (edges at integers); map pixel centres back through the crop.
    return marks.positions.map((p) => apply(crop, p.x - 0.5, p.y - 0.5));
  } finally {
    input.dispose();
  }
}

/** Similarity transform (chip pixel -> image point) that best maps dlib's mean face onto `landmarks`. */
export function chipTransform(landmarks: Point[]): Similarity {
  const from: Point[] = [];
  const to: Point[] = [];
  for (const i of USED) {
    from.push([
      ((CHIP_PADDING + MEAN_X[i - 17]) / (2 * CHIP_PADDING + 1)) * CHIP,
      ((CHIP_PADDING + MEAN_Y[i - 17]) / (2 * CHIP_PADDING + 1)) * CHIP,
    ]);
    to.push(landmarks[i]);
  }
  return fitSimilarity(from, to);
}

/** Least-squares similarity (rotation, uniform scale, translation) taking `from` onto `to`. */
export function fitSimilarity(from: Point[], to: Point[]): Similarity {
  const n = from.length;
  const mean = (pts: Point[], k: 0 | 1) => pts.reduce((sum, p) => sum + p[k], 0) / n;
  const [fx, fy, tx, ty] = [mean(from, 0), mean(from, 1), mean(to, 0), mean(to, 1)];
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = from[i][0] - fx;
    const py = from[i][1] - fy;
    const qx = to[i][0] - tx;
    const qy = to[i][1] - ty;
    dot += px * qx + py * qy;
    cross += px * qy - py * qx;
    norm += px * px + py * py;
  }
  const a = dot / norm;
  const b = cross / norm;
  return { a, b, tx: tx - (a * fx - b * fy), ty: ty - (b * fx + a * fy) };
}

function apply(t: Similarity, x: number, y: number): Point {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}
