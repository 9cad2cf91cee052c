import { analyseImage, describeAnalysed, rankFaces, type AnalysedFace } from "./face-analysis";
import { describeFace, loadDescriptor } from "./face-descriptor";
import { detectFaces, loadDetector } from "./face-detector";
import { distance, isDescriptor, MATCH_THRESHOLDS } from "./face-fusion";
import type { Guidance } from "./face-quality";
import { loadEyeModel } from "./eye-state";
import { decodeImage } from "./image";
import { initBackend } from "./tf-runtime";

/**
 * One-to-one face verification and the measurements of the liveness challenge, on the server, offline. See
 * docs/face-engine.md for the design, the models' origin and licences, and how the thresholds were measured
 * (`npm run bench:faces`, `npm run bench:faces:unseen`).
 *
 * BlazeFace (MediaPipe) finds the face, face-api's 68-landmark net aligns it to dlib's mean face, dlib's ResNet gives a
 * 128-d descriptor, MediaPipe's iris model measures the eyelids. Decisions over several frames and references are in
 * face-fusion.ts, the challenge in lib/cap/liveness.ts.
 */

export type FaceEmbedding = number[];
export type EmbedResult = { ok: true; embedding: FaceEmbedding } | { ok: false; reason: "no-face" | "invalid-image" };

/**
 * Euclidean distance at or below which two single descriptors are the same person (one reference, one frame):
 * MATCH_THRESHOLDS[1] of face-fusion.ts. Chosen for FAR <= 0.1% on faces the project had never seen (issue 13).
 */
export const MATCH_THRESHOLD = MATCH_THRESHOLDS[1];

/** At most this many detections are tried before giving up with "no-face". */
const MAX_CANDIDATES = 3;

type EngineState = { loading?: Promise<void>; queue: Promise<unknown> };
const GLOBAL_KEY = Symbol.for("volante.faceEngine");
const state: EngineState = ((globalThis as Record<symbol, EngineState>)[GLOBAL_KEY] ??= { queue: Promise.resolve() });

/** Loads the backend and the models once per process (shared across Next dev reloads). */
export function loadFaceEngine(): Promise<void> {
  state.loading ??= (async () => {
    await initBackend();
    await loadDetector();
    await loadDescriptor();
    await loadEyeModel();
  })().catch((error: unknown) => {
    state.loading = undefined;
    throw error;
  });
  return state.loading;
}

/**
 * Descriptor of the main face (largest x most confident) in JPEG/PNG/WebP bytes, with no quality gate. Never throws
 * for bad input: undecodable bytes give "invalid-image", an image without a face gives "no-face".
 */
export async function embedFace(image: Buffer): Promise<EmbedResult> {
  const decoded = await decodeImage(image);
  if (!decoded) return { ok: false, reason: "invalid-image" };
  await loadFaceEngine();
  // tfjs-wasm runs one inference at a time anyway; queueing keeps concurrent requests from interleaving.
  return serialise(async () => {
    // Main face first; a detection the landmark net does not confirm as a face is skipped.
    for (const face of rankFaces(await detectFaces(decoded)).slice(0, MAX_CANDIDATES)) {
      const descriptor = await describeFace(decoded, face);
      if (descriptor) return { ok: true, embedding: Array.from(descriptor) } as const;
    }
    return { ok: false, reason: "no-face" } as const;
  });
}

/** Euclidean distance between two descriptors; a match when it is at most MATCH_THRESHOLD (one reference, one frame). */
export function compareFaces(reference: FaceEmbedding, capture: FaceEmbedding): { distance: number; isMatch: boolean } {
  if (!isDescriptor(reference) || !isDescriptor(capture)) return { distance: Number.POSITIVE_INFINITY, isMatch: false };
  const d = distance(reference, capture);
  return { distance: d, isMatch: d <= MATCH_THRESHOLD };
}

/** What one frame of the live stream shows, for guidance and for the liveness challenge. */
export type FrameResult =
  | { ok: false; reason: "invalid-image" }
  | {
      ok: true;
      face: null | {
        /** x, y, width, height as shares of the frame. */
        box: [number, number, number, number];
        yaw: number;
        eyes: number;
        good: boolean;
        quality: number;
        guidance: Guidance | null;
        descriptor: FaceEmbedding | null;
      };
    };

/** Analyses one frame; computes its descriptor only when it passes every quality gate and `describe` is set. */
export async function analyseFrame(image: Buffer, { describe = false } = {}): Promise<FrameResult> {
  const decoded = await decodeImage(image);
  if (!decoded) return { ok: false, reason: "invalid-image" };
  await loadFaceEngine();
  return serialise(async () => {
    const { face } = await analyseImage(decoded);
    if (!face) return { ok: true, face: null } as const;
    const descriptor = describe && face.quality.good ? await describeAnalysed(decoded, face) : null;
    return { ok: true, face: { ...observe(face, decoded.width, decoded.height), descriptor } } as const;
  });
}

export type ReferenceResult =
  | { ok: true; embedding: FaceEmbedding; quality: number }
  | { ok: false; reason: "invalid-image" | "no-face" }
  | { ok: false; reason: "quality"; guidance: Guidance };

/** A reference image must pass the same quality gates as a matched frame (one face, big enough, frontal, ...). */
export async function describeReference(image: Buffer): Promise<ReferenceResult> {
  const decoded = await decodeImage(image);
  if (!decoded) return { ok: false, reason: "invalid-image" };
  await loadFaceEngine();
  return serialise(async (): Promise<ReferenceResult> => {
    const { face } = await analyseImage(decoded);
    if (!face) return { ok: false, reason: "no-face" };
    if (face.quality.guidance) return { ok: false, reason: "quality", guidance: face.quality.guidance };
    const embedding = await describeAnalysed(decoded, face);
    return embedding ? { ok: true, embedding, quality: face.quality.score } : { ok: false, reason: "no-face" };
  });
}

function observe(face: AnalysedFace, width: number, height: number) {
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  const { box } = face;
  return {
    box: [r(box.x / width), r(box.y / height), r(box.width / width), r(box.height / height)] as [number, number, number, number],
    yaw: r(face.metrics.yaw),
    eyes: r(face.eyes),
    good: face.quality.good,
    quality: face.quality.score,
    guidance: face.quality.guidance,
  };
}

function serialise<T>(task: () => Promise<T>): Promise<T> {
  const run = state.queue.then(task, task);
  state.queue = run.catch(() => undefined);
  return run;
}
