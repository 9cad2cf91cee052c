import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { MAX_REFERENCE_IMAGES } from "./constants/cap-liveness";

// The face capture's liveness challenge and multi-image references (issue 30). The challenge and each frame's
// measurements come back sealed by the server; the browser only passes them on.

/** One JPEG/PNG/WebP frame as a data URL, at most ~3 MB. */
export const faceImageSchema = z
  .string({ error: "La imagen es obligatoria" })
  .max(4_000_000, "La imagen es demasiado grande")
  .regex(/^data:image\/(jpeg|jpg|png|webp);base64,/i, "La imagen debe ser una imagen JPEG codificada como data URL");

export const challengeStepSchema = z.enum(["blink", "turn-left", "turn-right"]);

export const createChallengeBodySchema = z.discriminatedUnion("purpose", [
  z.object({ purpose: z.literal("attendance"), studentId: uuidSchema, capSessionId: uuidSchema, type: z.enum(["in", "out"]) }),
  z.object({ purpose: z.literal("reference"), studentId: uuidSchema }),
]);
export type CreateChallengeBody = z.infer<typeof createChallengeBodySchema>;

export const challengeSchema = z.object({
  token: z.string(),
  steps: z.array(challengeStepSchema),
  issuedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type LivenessChallenge = z.infer<typeof challengeSchema>;

const sealedSchema = z.string().min(1).max(4_000);

export const challengeFrameBodySchema = z.object({
  token: sealedSchema,
  /** The browser's frame counter, unique within the challenge. */
  n: z.number().int().min(0).max(1_000),
  image: faceImageSchema,
  /** Ask for the descriptor of this frame (computed only when every quality gate passes). */
  describe: z.boolean().optional(),
});
export type ChallengeFrameBody = z.infer<typeof challengeFrameBodySchema>;

export const faceObservationSchema = z.object({
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  yaw: z.number(),
  eyes: z.number(),
  good: z.boolean(),
  quality: z.number(),
  described: z.boolean(),
});

export const challengeFrameResponseSchema = z.object({
  /** Sealed measurements of this frame, to send back with the capture. */
  observation: z.string(),
  /** Server time of the frame, epoch milliseconds. */
  t: z.number(),
  face: faceObservationSchema.nullable(),
  /** What the person should fix first ('Acércate', 'Mira a la cámara', 'Más luz', ...), null when the frame is good. */
  guidance: z.string().nullable(),
});
export type ChallengeFrameResponse = z.infer<typeof challengeFrameResponseSchema>;

/** Proof of a live capture: the challenge and the sealed observations of its frames, in any order. */
export const livenessProofSchema = z.object(
  {
    token: sealedSchema,
    observations: z.array(sealedSchema).min(1).max(400),
  },
  { error: "La captura necesita la prueba de vida: una imagen sola ya no se acepta" },
);
export type LivenessProof = z.infer<typeof livenessProofSchema>;

/** A student's references: one image (as before issue 30) or several of one enrolment. */
export const referenceImagesBodySchema = z
  .object({
    image: faceImageSchema.optional(),
    images: z.array(faceImageSchema).min(1).max(MAX_REFERENCE_IMAGES, `Como máximo ${MAX_REFERENCE_IMAGES} imágenes`).optional(),
  })
  .refine((b) => (b.image === undefined) !== (b.images === undefined), { message: "Envía una imagen o una lista de imágenes", path: ["images"] });
