import type { AttendanceType } from "@/lib/contract/cap";
import type { LivenessProof } from "@/lib/contract/cap-liveness";
import { LIVENESS_ERRORS } from "@/lib/contract/constants/cap-liveness";
import { decide } from "../../biometrics/face-fusion";
import { checkLiveness } from "../../biometrics/liveness-check";
import type { DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { invalidChallenge, openOwnChallenge } from "./biometric-challenge.service";
import { referenceEmbeddings } from "./biometric-reference.service";

// The face check of a capture (issue 30): a passed liveness challenge for this very registration, then the fused
// distance of its best frames to all the student's references. registerAttendance audits and writes the outcome.

export type FaceCheck =
  | { decision: "match" | "mismatch"; distance: number; threshold: number; details: Record<string, unknown> }
  | { decision: "liveness-invalid" | "no-reference" | "liveness-failed"; error: AppError; details: Record<string, unknown> };

type Target = { capSessionId: string; studentId: string; type: AttendanceType };

export function referenceNotFound(): AppError {
  return new AppError("biometric-reference-not-found", "Referencia biométrica no encontrada", 422);
}

export async function checkAttendanceFace(db: DbOrTx, tenant: Tenant, auth: Auth, target: Target, proof: LivenessProof, now: Date): Promise<FaceCheck> {
  let challenge;
  try {
    challenge = openOwnChallenge(tenant, auth, proof.token, now);
  } catch (error) {
    return { decision: "liveness-invalid", error: error as AppError, details: {} };
  }
  if (challenge.purpose !== "attendance" || challenge.studentId !== target.studentId || challenge.capSessionId !== target.capSessionId || challenge.type !== target.type) {
    return { decision: "liveness-invalid", error: invalidChallenge(), details: { reason: "other-capture" } };
  }
  const live = checkLiveness(challenge, proof.observations, now.getTime());
  if (!live.ok) {
    return {
      decision: "liveness-failed",
      error: new AppError(LIVENESS_ERRORS.failed, "No se ha superado la prueba de vida: el alumno debe parpadear y girar la cabeza cuando se le indique.", 422),
      details: { reason: live.reason, ...live.details },
    };
  }
  // Liveness first: a capture that is not live is refused as such, whether or not the student has a reference.
  const references = await referenceEmbeddings(db, tenant.id, target.studentId);
  if (references.length === 0) return { decision: "no-reference", error: referenceNotFound(), details: {} };
  const verdict = decide(live.frames, references);
  return {
    decision: verdict.isMatch ? "match" : "mismatch",
    distance: verdict.distance,
    threshold: verdict.threshold,
    details: { references: verdict.references, frames: verdict.frames, steps: challenge.steps, observations: live.observations, spread: live.spread },
  };
}
