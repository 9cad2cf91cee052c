import { chipTransform, describeFace, keypointDisagreement, locateLandmarks, MAX_DISAGREEMENT } from "./face-descriptor";
import { detectFaces, type FaceBox, type Point } from "./face-detector";
import { assessQuality, type FaceMetrics, normalisedOpenness, poseOf, type QualityReport, sharpnessAndBrightness } from "./face-quality";
import { eyeOpenness } from "./eye-state";
import { type RgbImage, warpSimilarity } from "./image";

/**
 * One frame looked at once: the main face (largest x most confident detection that the landmark net confirms), its
 * pose, eye openness, sharpness and light, the quality gates, and on request its descriptor. Callers serialise
 * calls (face-engine.ts): tfjs runs one inference at a time.
 */

/** At most this many detections are tried before giving up with no face. */
const MAX_CANDIDATES = 3;
/** Grey crop for sharpness and light: the aligned face (same framing as the descriptor chip) at this size. */
const QUALITY_CROP = 96;
const DESCRIPTOR_CHIP = 150;

export type AnalysedFace = {
  box: FaceBox;
  landmarks: Point[];
  metrics: FaceMetrics;
  quality: QualityReport;
  /** Eye openness normalised by the face's vertical proportions (lib/cap/liveness.ts `eyes`). */
  eyes: number;
};

export type FrameAnalysis = { faces: number; face: AnalysedFace | null };

export async function analyseImage(image: RgbImage): Promise<FrameAnalysis> {
  const detections = rankFaces(await detectFaces(image));
  const confirmed: { box: FaceBox; landmarks: Point[] }[] = [];
  for (const box of detections.slice(0, MAX_CANDIDATES)) {
    const landmarks = await locateLandmarks(image, box);
    if (keypointDisagreement(box, landmarks) <= MAX_DISAGREEMENT) confirmed.push({ box, landmarks });
    // Only the main face is analysed further; a second confirmed face is only counted (the 'single' gate).
    if (confirmed.length === 2) break;
  }
  const main = confirmed[0];
  if (!main) return { faces: 0, face: null };
  const { box, landmarks } = main;
  const pose = poseOf(landmarks);
  const [right, left] = await eyeOpenness(image, landmarks);
  const ear = (right + left) / 2;
  const grey = greyChip(image, landmarks);
  const { sharpness, brightness } = sharpnessAndBrightness(grey, QUALITY_CROP);
  const metrics: FaceMetrics = {
    faces: confirmed.length,
    frameWidth: image.width,
    frameHeight: image.height,
    box: { x: box.x, y: box.y, width: box.width, height: box.height },
    eyeDistance: pose.eyeDistance,
    yaw: pose.yaw,
    pitch: pose.pitch,
    roll: pose.roll,
    eyeOpenness: ear,
    sharpness,
    brightness,
  };
  const quality = assessQuality(metrics);
  return { faces: confirmed.length, face: { box, landmarks, metrics, quality, eyes: normalisedOpenness(ear, pose.eyeDistance, pose.eyesToMouth) } };
}

/** The descriptor of an analysed face (chip + mirror, as for references). */
export async function describeAnalysed(image: RgbImage, face: AnalysedFace): Promise<number[] | null> {
  const descriptor = await describeFace(image, face.box, face.landmarks);
  return descriptor ? Array.from(descriptor) : null;
}

function greyChip(image: RgbImage, landmarks: Point[]): Uint8Array {
  const t = chipTransform(landmarks);
  const k = DESCRIPTOR_CHIP / QUALITY_CROP;
  const rgb = warpSimilarity(image, QUALITY_CROP, { a: t.a * k, b: t.b * k, tx: t.tx + (t.a - t.b) * (k - 1) * 0.5, ty: t.ty + (t.b + t.a) * (k - 1) * 0.5 });
  const grey = new Uint8Array(QUALITY_CROP * QUALITY_CROP);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgb[i * 3] * 299 + rgb[i * 3 + 1] * 587 + rgb[i * 3 + 2] * 114) / 1000;
  return grey;
}

/** Largest x most confident first. */
export function rankFaces(faces: FaceBox[]): FaceBox[] {
  const rank = (f: FaceBox) => f.score * f.width * f.height;
  return [...faces].sort((p, q) => rank(q) - rank(p));
}
