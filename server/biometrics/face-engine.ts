import { describeFace, loadDescriptor } from "./face-descriptor";
import { detectFaces, loadDetector, type FaceBox } from "./face-detector";
import { decodeImage } from "./image";
import { initBackend } from "./tf-runtime";

/**
 * One-to-one face verification, on the server, offline. See docs/face-engine.md for the design, the
 * models' origin and licences, and how MATCH_THRESHOLD was measured (`npm run bench:faces`).
 *
 * BlazeFace (MediaPipe) finds the face, face-api's 68-landmark net aligns it to dlib's mean face, and
 * dlib's ResNet gives a 128-d descriptor; two captures are the same person when the euclidean distance
 * of their descriptors is at most MATCH_THRESHOLD.
 */

export type FaceEmbedding = number[];
export type EmbedResult = { ok: true; embedding: FaceEmbedding } | { ok: false; reason: "no-face" | "invalid-image" };

/**
 * Euclidean distance at or below which two descriptors are the same person. Chosen for FAR <= 0.1% on faces
 * the project had never seen (`npm run bench:faces:unseen`, issue 13): a false accept lets someone clock in for
 * another; a false reject costs a second capture. See docs/face-engine.md, "Threshold".
 */
export const MATCH_THRESHOLD = 0.46;

const EMBEDDING_SIZE = 128;
/** At most this many detections are tried before giving up with "no-face". */
const MAX_CANDIDATES = 3;

type EngineState = { loading?: Promise<void>; queue: Promise<unknown> };
const GLOBAL_KEY = Symbol.for("volante.faceEngine");
const state: EngineState = ((globalThis as Record<symbol, EngineState>)[GLOBAL_KEY] ??= { queue: Promise.resolve() });

/** Loads the backend and both models once per process (shared across Next dev reloads). */
export function loadFaceEngine(): Promise<void> {
  state.loading ??= (async () => {
    await initBackend();
    await loadDetector();
    await loadDescriptor();
  })().catch((error: unknown) => {
    state.loading = undefined;
    throw error;
  });
  return state.loading;
}

/**
 * Descriptor of the main face (largest x most confident) in JPEG/PNG/WebP bytes. Never throws for bad
 * input: undecodable bytes give "invalid-image", an image without a face gives "no-face".
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

/** Euclidean distance between two descriptors; a match when it is at most MATCH_THRESHOLD. */
export function compareFaces(reference: FaceEmbedding, capture: FaceEmbedding): { distance: number; isMatch: boolean } {
  if (!isEmbedding(reference) || !isEmbedding(capture)) return { distance: Number.POSITIVE_INFINITY, isMatch: false };
  let sum = 0;
  for (let i = 0; i < EMBEDDING_SIZE; i++) sum += (reference[i] - capture[i]) ** 2;
  const distance = Math.sqrt(sum);
  return { distance, isMatch: distance <= MATCH_THRESHOLD };
}

function isEmbedding(value: unknown): value is FaceEmbedding {
  return (
    Array.isArray(value) &&
    value.length === EMBEDDING_SIZE &&
    value.every((v) => typeof v === "number" && Number.isFinite(v))
  );
}

/** Largest x most confident first. */
function rankFaces(faces: FaceBox[]): FaceBox[] {
  const rank = (f: FaceBox) => f.score * f.width * f.height;
  return [...faces].sort((p, q) => rank(q) - rank(p));
}

function serialise<T>(task: () => Promise<T>): Promise<T> {
  const run = state.queue.then(task, task);
  state.queue = run.catch(() => undefined);
  return run;
}
