// Plain values of the face capture's liveness challenge and references (issue 30): codes and limits the browser uses
// without loading zod. The rules themselves are in lib/cap/liveness.ts.

export const LIVENESS_ERRORS = {
  /** The frames did not show the asked blink and head turn by one face in time. */
  failed: "liveness-check-failed",
  /** The challenge is unknown, for another capture, or over. */
  invalid: "liveness-challenge-invalid",
  /** A reference image that fails a quality gate (message says which photo and why). */
  referenceQuality: "biometric-reference-quality",
} as const;

/** Spanish prompts of each challenge step (the server's guidance texts are in server/biometrics/face-quality.ts). */
export const STEP_PROMPTS = {
  look: "Mira a la cámara",
  blink: "Parpadea",
  "turn-left": "Gira la cabeza a tu izquierda",
  "turn-right": "Gira la cabeza a tu derecha",
} as const;

/**
 * References taken at enrolment: REFERENCE_IMAGES from the camera (five: `npm run bench:faces:unseen`, "References at
 * enrolment"), at least MIN_REFERENCE_IMAGES when there is no camera and the photos are uploaded, never more than MAX.
 */
export const REFERENCE_IMAGES = 5;
export const MIN_REFERENCE_IMAGES = 3;
export const MAX_REFERENCE_IMAGES = 5;
