import { decodeDataUrl } from "../../biometrics/image";

// The face engine adapter for this module: the engine (and its models) loads on first use only, so API start-up and
// every non-biometric request stay fast. Engine types stay inside this file and server/biometrics.

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
  | { ok: false; reason: "no-face" | "invalid-image" }
  | { ok: false; reason: "quality"; guidance: string };

const mimeOf = (dataUrl: string) => /^data:(image\/[a-z]+);/i.exec(dataUrl.trim())?.[1]?.toLowerCase().replace("image/jpg", "image/jpeg") ?? "image/jpeg";

/** A reference image: decoded, quality-gated (one face, big enough, frontal, eyes open, sharp, lit) and described. */
export async function describeReferenceCapture(dataUrl: string): Promise<Capture> {
  const bytes = decodeDataUrl(dataUrl);
  if (!bytes) return { ok: false, reason: "invalid-image" };
  const result = await (await engine()).describeReference(bytes);
  if (!result.ok) return result;
  return { ok: true, bytes, mime: mimeOf(dataUrl), embedding: result.embedding };
}

/** One frame of a live capture: measurements for the challenge, and the descriptor of a good frame when asked. */
export async function analyseCaptureFrame(dataUrl: string, describe: boolean) {
  const bytes = decodeDataUrl(dataUrl);
  if (!bytes) return { ok: false, reason: "invalid-image" } as const;
  return (await engine()).analyseFrame(bytes, { describe });
}
