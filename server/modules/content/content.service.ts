import { randomUUID } from "node:crypto";
import type {
  AdminContentItem,
  ContentItem,
  ContentItemDetail,
  CreateIframeBody,
  StudentContent,
  UpdateContentBody,
  UploadQuery,
} from "@/lib/contract/content";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { getStorage } from "../../storage";
import { displayName, findUserById } from "../users/users.repository";
import * as repo from "./content.repository";
import type { ContentRow } from "./content.repository";
import { uploadInspector } from "./file-checks";

export const CONTENT_NOT_FOUND = "Contenido no encontrado";
const itemNotFound = () => notFound(CONTENT_NOT_FOUND);

const toItem = (r: ContentRow): ContentItem => ({
  id: r.id,
  name: r.name,
  type: r.type,
  url: r.type === "iframe" ? (r.url ?? "") : `/api/student/content/${r.id}/file`,
});
const toAdminItem = (r: ContentRow): AdminContentItem => ({
  ...toItem(r),
  url: r.type === "iframe" ? (r.url ?? "") : `/api/administrator/content/${r.id}/file`,
  licenseId: r.licenseId,
  position: r.position,
  sizeBytes: r.sizeBytes,
});

async function viewerOf(db: Db, tenantId: string, userId: string) {
  const user = await findUserById(db, tenantId, userId);
  return { name: user ? displayName(user) : "", dni: user?.dni ?? null };
}

export async function getStudentContent(db: Db, tenantId: string, studentId: string): Promise<StudentContent> {
  const licenses = await repo.listStudentLicenses(db, tenantId, studentId);
  const items = await repo.listByLicenses(db, tenantId, licenses.map((l) => l.id));
  const of = (licenseId: string, type: ContentRow["type"]) =>
    items.filter((i) => i.licenseId === licenseId && i.type === type).map(toItem);
  return {
    licenses: licenses.map((l) => ({
      licenseId: l.id,
      licenseName: l.name,
      documents: of(l.id, "document"),
      videos: of(l.id, "video"),
      iframes: of(l.id, "iframe"),
    })),
    viewer: await viewerOf(db, tenantId, studentId),
  };
}

// An item the student may see: their tenant's, of a licence they are assigned. Anything else is 404.
export async function findStudentItem(db: Db, tenantId: string, studentId: string, id: string): Promise<ContentRow> {
  const row = await repo.findById(db, tenantId, id);
  if (!row) throw itemNotFound();
  const licenses = await repo.listStudentLicenses(db, tenantId, studentId);
  if (!licenses.some((l) => l.id === row.licenseId)) throw itemNotFound();
  return row;
}

export async function getStudentItem(db: Db, tenantId: string, studentId: string, id: string): Promise<ContentItemDetail> {
  const row = await findStudentItem(db, tenantId, studentId, id);
  return { ...toItem(row), licenseId: row.licenseId, viewer: await viewerOf(db, tenantId, studentId) };
}

export async function findAdminItem(db: Db, tenantId: string, id: string): Promise<ContentRow> {
  const row = await repo.findById(db, tenantId, id);
  if (!row) throw itemNotFound();
  return row;
}

export async function listLibrary(db: Db, tenantId: string): Promise<AdminContentItem[]> {
  return (await repo.listByTenant(db, tenantId)).map(toAdminItem);
}

async function requireLicense(db: Db, tenantId: string, licenseId: string) {
  if (!(await repo.findLicense(db, tenantId, licenseId))) throw notFound("Permiso no encontrado");
}

export async function addIframe(db: Db, tenantId: string, body: CreateIframeBody): Promise<AdminContentItem> {
  await requireLicense(db, tenantId, body.licenseId);
  const row = await repo.insert(db, {
    tenantId,
    licenseId: body.licenseId,
    type: "iframe",
    name: body.name,
    url: body.url,
    position: await repo.nextPosition(db, tenantId, body.licenseId),
  });
  return toAdminItem(row);
}

// Streams the body to storage, checking signature and size on the way; the row is written only after.
export async function uploadFile(
  db: Db,
  tenantId: string,
  query: UploadQuery,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
): Promise<AdminContentItem> {
  await requireLicense(db, tenantId, query.licenseId);
  const inspector = uploadInspector(query.type);
  if (declaredLength > inspector.limit) inspector.inspect(new Uint8Array(0), declaredLength);
  if (!body) throw new AppError("VALIDATION_ERROR", "El archivo está vacío", 422);
  const id = randomUUID();
  const storageKey = `${tenantId}/${id}`;
  const storage = getStorage();
  const stored = await storage.put(storageKey, body, inspector.inspect, inspector.finish);
  try {
    const row = await repo.insert(db, {
      id,
      tenantId,
      licenseId: query.licenseId,
      type: query.type,
      name: query.name,
      storageKey,
      mimeType: inspector.kind()!.mime,
      sizeBytes: stored.size,
      position: await repo.nextPosition(db, tenantId, query.licenseId),
    });
    return toAdminItem(row);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export async function updateItem(db: Db, tenantId: string, id: string, body: UpdateContentBody): Promise<AdminContentItem> {
  const current = await findAdminItem(db, tenantId, id);
  // A PATCH naming nothing to change is a no-op, not an error.
  if (body.name === undefined && body.position === undefined) return toAdminItem(current);
  const row = await repo.update(db, tenantId, id, body);
  if (!row) throw itemNotFound();
  return toAdminItem(row);
}

export async function removeItem(db: Db, tenantId: string, id: string): Promise<void> {
  await findAdminItem(db, tenantId, id);
  const row = await repo.remove(db, tenantId, id);
  if (row?.storageKey) await getStorage().remove(row.storageKey);
}
