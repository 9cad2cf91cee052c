import { decodeDataUrl } from "../../biometrics/image";

// The face engine adapter for this module: the engine (and its model) loads on first use only, so API
// start-up and every non-biometric request stay fast. Engine types stay inside this file.

type FaceEngine = typeof import("../../biometrics/face-engine");

const globalEngine = globalThis as unknown as { __volanteFaceEngine?: Promise<FaceEngine> };

function engine(): Promise<FaceEngine> {
  globalEngine.__volanteFaceEngine ??= import("../../biometrics/face-engine")
    .then(async (m) => {
      await m.loadFaceEngine();
      return m;
    })
    .catch((error: unknown) => {
      // A failed load must not poison every later attempt.
      globalEngine.__volanteFaceEngine = undefined;
      throw error;
    });
  return globalEngine.__volanteFaceEngine;
}

export type Capture =
  | { ok: true; bytes: Buffer; mime: string; embedding: number[] }
  | { ok: false; reason: "no-face" | "invalid-image" };

/** Decodes a data URL and computes the face embedding of its single most prominent face. */
export async function embedCapture(dataUrl: string): Promise<Capture> {
  const bytes = decodeDataUrl(dataUrl);
  if (!bytes) return { ok: false, reason: "invalid-image" };
  const mime = /^data:(image\/[a-z]+);/i.exec(dataUrl.trim())?.[1]?.toLowerCase().replace("image/jpg", "image/jpeg") ?? "image/jpeg";
  const result = await (await engine()).embedFace(bytes);
  if (!result.ok) return { ok: false, reason: result.reason };
  return { ok: true, bytes, mime, embedding: result.embedding };
}

export async function compareEmbeddings(reference: number[], capture: number[]): Promise<{ distance: number; isMatch: boolean; threshold: number }> {
  const m = await engine();
  const { distance, isMatch } = m.compareFaces(reference, capture);
  return { distance, isMatch, threshold: m.MATCH_THRESHOLD };
}
