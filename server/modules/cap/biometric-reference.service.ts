import type { BiometricReference } from "@/lib/contract/cap";
import { decrypt, encodeEmbedding, encrypt } from "../../biometrics/crypto";
import { reencodeWithoutMetadata } from "../../biometrics/image";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { deleteReference, findReference, upsertReference } from "./biometric-reference.repository";
import { studentNotFound } from "./cap-errors";
import { embedCapture, type Capture } from "./face-verification";
import { findStudent } from "./students.repository";

// Ciphertexts are bound to their tenant, student and column (AES-GCM additional data).
export const imageContext = (tenantId: string, studentId: string) => `${tenantId}:${studentId}:reference-image`;
export const embeddingContext = (tenantId: string, studentId: string) => `${tenantId}:${studentId}:reference-embedding`;

export function noFaceError(): AppError {
  return new AppError("no-face-in-capture-image", "No se ha detectado un rostro en la imagen capturada", 422);
}

export function invalidImageError(): AppError {
  return new AppError("VALIDATION_ERROR", "La imagen no es válida", 422);
}

export function captureFailure(capture: Extract<Capture, { ok: false }>): AppError {
  return capture.reason === "no-face" ? noFaceError() : invalidImageError();
}

/** Only administrators of the tenant get here (routes); each read of the image is audited. */
export async function getReference(db: Db, tenant: Tenant, auth: Auth, studentId: string): Promise<BiometricReference> {
  if (!(await findStudent(db, tenant.id, studentId))) throw studentNotFound();
  const row = await findReference(db, tenant.id, studentId);
  if (!row) throw notFound("Referencia biométrica no encontrada");
  const image = decrypt(row.imageEncrypted, imageContext(tenant.id, studentId));
  await recordAudit(db, tenant.id, auth, { action: "biometric.reference_viewed", targetType: "user", targetId: studentId });
  return { image: `data:${row.imageMime};base64,${image.toString("base64")}`, createdAt: row.createdAt.toISOString() };
}

/** The embedding is computed once, here, and stored encrypted next to the encrypted image. */
export async function saveReference(db: Db, tenant: Tenant, auth: Auth, studentId: string, dataUrl: string, now = new Date()): Promise<{ createdAt: string }> {
  if (!(await findStudent(db, tenant.id, studentId))) throw studentNotFound();
  const capture = await embedCapture(dataUrl);
  if (!capture.ok) {
    await recordAudit(db, tenant.id, auth, {
      action: "biometric.reference_rejected",
      targetType: "user",
      targetId: studentId,
      details: { reason: capture.reason },
    });
    throw captureFailure(capture);
  }
  // The upload's EXIF (GPS position, device, time) is never stored: only a re-encoded copy of the pixels.
  const clean = await reencodeWithoutMetadata(capture.bytes);
  if (!clean) throw invalidImageError();
  await db
    .transaction(async (tx) => {
      await upsertReference(tx, tenant.id, {
        studentId,
        imageMime: "image/jpeg",
        imageEncrypted: encrypt(clean, imageContext(tenant.id, studentId)),
        embeddingEncrypted: encrypt(encodeEmbedding(capture.embedding), embeddingContext(tenant.id, studentId)),
        createdBy: auth.impersonatorId ?? auth.userId,
        createdAt: now,
      });
      await recordAudit(tx, tenant.id, auth, { action: "biometric.reference_saved", targetType: "user", targetId: studentId });
    })
    .catch((error: unknown) => {
      // The student was deleted while the face was being analysed.
      throw pgErrorCode(error) === "23503" ? studentNotFound() : error;
    });
  return { createdAt: now.toISOString() };
}

/** Erases only the face reference (GDPR erasure of biometric data); the student and their history stay. */
export async function eraseReference(db: Db, tenant: Tenant, auth: Auth, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findStudent(tx, tenant.id, studentId))) throw studentNotFound();
    if (!(await deleteReference(tx, tenant.id, studentId))) throw notFound("Referencia biométrica no encontrada");
    await recordAudit(tx, tenant.id, auth, { action: "biometric.reference_deleted", targetType: "user", targetId: studentId });
  });
}
