import crypto from "node:crypto";
import { LIVENESS_TIME_LIMIT_MS, randomSteps } from "@/lib/cap/liveness";
import type { ChallengeFrameBody, ChallengeFrameResponse, CreateChallengeBody, LivenessChallenge } from "@/lib/contract/cap-liveness";
import { LIVENESS_ERRORS } from "@/lib/contract/constants/cap-liveness";
import { type Challenge, newChallengeId, openChallenge, sealChallenge, sealObservation } from "../../biometrics/liveness-seal";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { invalidImageError } from "./biometric-reference.service";
import { sessionNotFound, studentNotFound } from "./cap-errors";
import { analyseCaptureFrame } from "./face-verification";
import { findSession } from "./sessions.repository";
import { findStudent } from "./students.repository";

// The face capture's challenge (issue 30 §2): issued here, answered frame by frame (each frame measured and sealed by
// the server), checked when the capture is registered (biometric-check.service.ts). Stateless: see liveness-seal.ts.

/** A reference capture (several photos, with guidance) may take longer than an attendance challenge. */
const REFERENCE_TIME_LIMIT_MS = 5 * 60_000;
/** After the last frame, time for the capture's registration to arrive. */
const REGISTRATION_GRACE_MS = 60_000;

const cryptoRandom = () => crypto.randomInt(0, 2 ** 32) / 2 ** 32;
const timeLimit = (c: Challenge) => (c.purpose === "attendance" ? LIVENESS_TIME_LIMIT_MS : REFERENCE_TIME_LIMIT_MS);

export function invalidChallenge(): AppError {
  return new AppError(LIVENESS_ERRORS.invalid, "La prueba de vida ha caducado o no corresponde a esta captura. Vuelve a empezar.", 422);
}

export async function issueChallenge(db: Db, tenant: Tenant, auth: Auth, body: CreateChallengeBody, now = new Date()): Promise<LivenessChallenge> {
  if (!(await findStudent(db, tenant.id, body.studentId))) throw studentNotFound();
  if (body.purpose === "attendance" && !(await findSession(db, tenant.id, body.capSessionId))) throw sessionNotFound();
  const issuedAt = now.getTime();
  const challenge: Challenge = {
    id: newChallengeId(),
    purpose: body.purpose,
    tenantId: tenant.id,
    userId: auth.userId,
    studentId: body.studentId,
    capSessionId: body.purpose === "attendance" ? body.capSessionId : null,
    type: body.purpose === "attendance" ? body.type : null,
    steps: body.purpose === "attendance" ? randomSteps(cryptoRandom) : [],
    issuedAt,
    expiresAt: 0,
  };
  challenge.expiresAt = issuedAt + timeLimit(challenge) + REGISTRATION_GRACE_MS;
  return {
    token: sealChallenge(challenge),
    steps: challenge.steps,
    issuedAt: new Date(issuedAt).toISOString(),
    expiresAt: new Date(issuedAt + timeLimit(challenge)).toISOString(),
  };
}

/** The challenge in `token`, if it was issued here to this administrator of this school and is not over. */
export function openOwnChallenge(tenant: Tenant, auth: Auth, token: string, now: Date): Challenge {
  const challenge = openChallenge(token);
  if (!challenge || challenge.tenantId !== tenant.id || challenge.userId !== auth.userId || now.getTime() > challenge.expiresAt) throw invalidChallenge();
  return challenge;
}

/** Measures one frame of the challenge: guidance for the person, sealed measurements for the registration. */
export async function analyseChallengeFrame(tenant: Tenant, auth: Auth, body: ChallengeFrameBody, now = new Date()): Promise<ChallengeFrameResponse> {
  const challenge = openOwnChallenge(tenant, auth, body.token, now);
  if (now.getTime() > challenge.issuedAt + timeLimit(challenge)) throw invalidChallenge();
  const result = await analyseCaptureFrame(body.image, challenge.purpose === "attendance" && body.describe === true);
  if (!result.ok) throw invalidImageError();
  // The frame's time is when the server received it: the browser cannot date a frame.
  const t = now.getTime();
  const face = result.face && {
    box: result.face.box,
    yaw: result.face.yaw,
    eyes: result.face.eyes,
    good: result.face.good,
    quality: result.face.quality,
    described: result.face.descriptor !== null,
  };
  const observation = sealObservation(challenge.id, { n: body.n, t, face, descriptor: result.face?.descriptor ?? null });
  return { observation, t, face, guidance: result.face ? result.face.guidance : "No se detecta ningún rostro" };
}
