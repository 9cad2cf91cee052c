import type { BiometricReference } from "@/lib/contract/cap";
import { LIVENESS_ERRORS } from "@/lib/contract/constants/cap-liveness";
import { decodeEmbedding, decrypt, encodeEmbedding, encrypt } from "../../biometrics/crypto";
import { reencodeWithoutMetadata } from "../../biometrics/image";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { deleteReference, findReference, listFurtherReferences, replaceFurtherReferences, upsertReference, type ReferenceImage } from "./biometric-reference.repository";
import { studentNotFound } from "./cap-errors";
import { describeReferenceCapture, type Capture } from "./face-verification";
import { findStudent } from "./students.repository";

// Ciphertexts are bound to their tenant, student, column and position (AES-GCM additional data). The first reference
// keeps the contexts it had before issue 30, so existing references open unchanged.
export const imageContext = (tenantId: string, studentId: string, position = 1) =>
  `${tenantId}:${studentId}:reference-image${position > 1 ? `:${position}` : ""}`;
export const embeddingContext = (tenantId: string, studentId: string, position = 1) =>
  `${tenantId}:${studentId}:reference-embedding${position > 1 ? `:${position}` : ""}`;

export function noFaceError(): AppError {
  return new AppError("no-face-in-capture-image", "No se ha detectado un rostro en la imagen capturada", 422);
}

export function invalidImageError(): AppError {
  return new AppError("VALIDATION_ERROR", "La imagen no es válida", 422);
}

export function captureFailure(capture: Extract<Capture, { ok: false }>, photo: number | null = null): AppError {
  if (capture.reason === "quality") {
    const which = photo === null ? "La foto" : `La foto ${photo}`;
    return new AppError(LIVENESS_ERRORS.referenceQuality, `${which} no sirve como referencia: ${capture.guidance}`, 422, { guidance: capture.guidance, ...(photo ? { photo } : {}) });
  }
  return capture.reason === "no-face" ? noFaceError() : invalidImageError();
}

/** Only administrators of the tenant get here (routes); each read of the images is audited. */
export async function getReference(db: Db, tenant: Tenant, auth: Auth, studentId: string): Promise<BiometricReference> {
  if (!(await findStudent(db, tenant.id, studentId))) throw studentNotFound();
  const row = await findReference(db, tenant.id, studentId);
  if (!row) throw notFound("Referencia biométrica no encontrada");
  const dataUrl = (mime: string, blob: Buffer, position: number) => `data:${mime};base64,${decrypt(blob, imageContext(tenant.id, studentId, position)).toString("base64")}`;
  const others = (await listFurtherReferences(db, tenant.id, studentId)).map((r) => dataUrl(r.imageMime, r.imageEncrypted, r.position));
  await recordAudit(db, tenant.id, auth, { action: "biometric.reference_viewed", targetType: "user", targetId: studentId });
  return { image: dataUrl(row.imageMime, row.imageEncrypted, 1), createdAt: row.createdAt.toISOString(), others };
}

/** Every stored descriptor of the student (first reference first); empty without a reference. */
export async function referenceEmbeddings(db: DbOrTx, tenantId: string, studentId: string): Promise<number[][]> {
  const first = await findReference(db, tenantId, studentId);
  if (!first) return [];
  const further = await listFurtherReferences(db, tenantId, studentId);
  return [
    decodeEmbedding(decrypt(first.embeddingEncrypted, embeddingContext(tenantId, studentId))),
    ...further.map((r) => decodeEmbedding(decrypt(r.embeddingEncrypted, embeddingContext(tenantId, studentId, r.position)))),
  ];
}

/**
 * Saves the student's references (1 to 5 images, the first is the card's), replacing any previous ones. Each image
 * must pass the engine's quality gates; its descriptor is computed once, here, and stored encrypted next to the
 * encrypted image.
 */
export async function saveReference(db: Db, tenant: Tenant, auth: Auth, studentId: string, dataUrls: string[], now = new Date()): Promise<{ createdAt: string }> {
  if (!(await findStudent(db, tenant.id, studentId))) throw studentNotFound();
  const images: ReferenceImage[] = [];
  for (const [i, dataUrl] of dataUrls.entries()) {
    const capture = await describeReferenceCapture(dataUrl);
    if (!capture.ok) {
      await recordAudit(db, tenant.id, auth, {
        action: "biometric.reference_rejected",
        targetType: "user",
        targetId: studentId,
        details: { reason: capture.reason, ...(capture.reason === "quality" ? { guidance: capture.guidance } : {}), photo: i + 1, of: dataUrls.length },
      });
      throw captureFailure(capture, dataUrls.length > 1 ? i + 1 : null);
    }
    // The upload's EXIF (GPS position, device, time) is never stored: only a re-encoded copy of the pixels.
    const clean = await reencodeWithoutMetadata(capture.bytes);
    if (!clean) throw invalidImageError();
    const position = i + 1;
    images.push({
      imageMime: "image/jpeg",
      imageEncrypted: encrypt(clean, imageContext(tenant.id, studentId, position)),
      embeddingEncrypted: encrypt(encodeEmbedding(capture.embedding), embeddingContext(tenant.id, studentId, position)),
    });
  }
  const createdBy = auth.impersonatorId ?? auth.userId;
  await db
    .transaction(async (tx) => {
      await upsertReference(tx, tenant.id, { studentId, ...images[0], createdBy, createdAt: now });
      await replaceFurtherReferences(tx, tenant.id, { studentId, createdBy, createdAt: now, images: images.slice(1) });
      await recordAudit(tx, tenant.id, auth, { action: "biometric.reference_saved", targetType: "user", targetId: studentId, details: { images: images.length } });
    })
    .catch((error: unknown) => {
      // The student was deleted while the faces were being analysed.
      throw pgErrorCode(error) === "23503" ? studentNotFound() : error;
    });
  return { createdAt: now.toISOString() };
}

/** Erases only the face references (GDPR erasure of biometric data); the student and their history stay. */
export async function eraseReference(db: Db, tenant: Tenant, auth: Auth, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findStudent(tx, tenant.id, studentId))) throw studentNotFound();
    if (!(await deleteReference(tx, tenant.id, studentId))) throw notFound("Referencia biométrica no encontrada");
    await recordAudit(tx, tenant.id, auth, { action: "biometric.reference_deleted", targetType: "user", targetId: studentId });
  });
}
