import type { AdminContentItem, ContentItem, ContentItemDetail, StudentContent } from "@/lib/contract/content";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { displayName, findUserById } from "../users/users.repository";
import * as repo from "./content.repository";
import type { ContentRow } from "./content.repository";

export const CONTENT_NOT_FOUND = "Contenido no encontrado";
export const itemNotFound = () => notFound(CONTENT_NOT_FOUND);

const toItem = (r: ContentRow): ContentItem => ({
  id: r.id,
  name: r.name,
  type: r.type,
  url: r.type === "iframe" ? (r.url ?? "") : `/api/student/content/${r.id}/file`,
});
export const toAdminItem = (r: ContentRow): AdminContentItem => ({
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
