import { randomUUID } from "node:crypto";
import type { AdminContentItem, CreateIframeBody, MoveContentBody, UpdateContentBody, UploadQuery } from "@/lib/contract/content";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { getStorage } from "../../storage";
import { recordAudit } from "../audit/audit.repository";
import * as repo from "./content.repository";
import type { ContentRow } from "./content.repository";
import { itemNotFound, toAdminItem } from "./content.service";
import { uploadInspector } from "./file-checks";

// The administrator's changes to the library; each one is audited in the same transaction (issue 15).

async function requireLicense(db: DbOrTx, tenantId: string, licenseId: string) {
  const license = await repo.findLicense(db, tenantId, licenseId);
  if (!license) throw notFound("Permiso no encontrado");
  return license;
}

const audit = (tx: DbOrTx, tenantId: string, auth: Auth, action: string, row: ContentRow, license: string, details: Record<string, unknown> = {}) =>
  recordAudit(tx, tenantId, auth, {
    action,
    targetType: "content",
    targetId: row.id,
    details: { name: row.name, type: row.type, license: `Permiso ${license}`, ...details },
  });

async function licenseName(db: DbOrTx, tenantId: string, licenseId: string) {
  return (await repo.findLicense(db, tenantId, licenseId))?.name ?? "";
}

export async function addIframe(db: Db, tenantId: string, auth: Auth, body: CreateIframeBody): Promise<AdminContentItem> {
  return db.transaction(async (tx) => {
    const license = await requireLicense(tx, tenantId, body.licenseId);
    const row = await repo.insert(tx, {
      tenantId,
      licenseId: body.licenseId,
      type: "iframe",
      name: body.name,
      url: body.url,
      position: await repo.nextPosition(tx, tenantId, body.licenseId),
    });
    await audit(tx, tenantId, auth, "content.link_added", row!, license.name, { url: body.url });
    return toAdminItem(row!);
  });
}

// Streams the body to storage, checking signature and size on the way; the row is written only after.
export async function uploadFile(
  db: Db,
  tenantId: string,
  auth: Auth,
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
    return await db.transaction(async (tx) => {
      const license = await requireLicense(tx, tenantId, query.licenseId);
      const row = await repo.insert(tx, {
        id,
        tenantId,
        licenseId: query.licenseId,
        type: query.type,
        name: query.name,
        storageKey,
        mimeType: inspector.kind()!.mime,
        sizeBytes: stored.size,
        position: await repo.nextPosition(tx, tenantId, query.licenseId),
      });
      await audit(tx, tenantId, auth, "content.uploaded", row!, license.name, { sizeBytes: stored.size });
      return toAdminItem(row!);
    });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export async function updateItem(db: Db, tenantId: string, auth: Auth, id: string, body: UpdateContentBody): Promise<AdminContentItem> {
  return db.transaction(async (tx) => {
    const current = await repo.lockById(tx, tenantId, id);
    if (!current) throw itemNotFound();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (body.name !== undefined && body.name !== current.name) changes.name = { from: current.name, to: body.name };
    if (body.position !== undefined && body.position !== current.position) changes.position = { from: current.position, to: body.position };
    // A PATCH that changes nothing is a no-op, not an error.
    if (Object.keys(changes).length === 0) return toAdminItem(current);
    const row = await repo.update(tx, tenantId, id, body);
    await audit(tx, tenantId, auth, "content.updated", row!, await licenseName(tx, tenantId, row!.licenseId), { changes });
    return toAdminItem(row!);
  });
}

// One place up or down among the licence's items, renumbering them 0..n-1 in one transaction: no two items ever
// share a position afterwards (older ties are pulled apart too). Answers the licence's items in their new order.
export async function moveItem(db: Db, tenantId: string, auth: Auth, id: string, body: MoveContentBody): Promise<AdminContentItem[]> {
  return db.transaction(async (tx) => {
    const item = await repo.findById(tx, tenantId, id);
    if (!item) throw itemNotFound();
    const items = await repo.lockLicenseItems(tx, tenantId, item.licenseId);
    const from = items.findIndex((i) => i.id === id);
    if (from < 0) throw itemNotFound();
    const to = body.direction === "up" ? from - 1 : from + 1;
    // Already first (up) or last (down): nothing to change.
    if (to < 0 || to >= items.length) return items.map(toAdminItem);
    const order = [...items];
    [order[from], order[to]] = [order[to]!, order[from]!];
    const moved: ContentRow[] = [];
    for (const [position, row] of order.entries()) {
      moved.push(row.position === position ? row : (await repo.update(tx, tenantId, row.id, { position }))!);
    }
    await audit(tx, tenantId, auth, "content.moved", item, await licenseName(tx, tenantId, item.licenseId), {
      direction: body.direction,
      changes: { position: { from: from + 1, to: to + 1 } },
    });
    return moved.map(toAdminItem);
  });
}

export async function removeItem(db: Db, tenantId: string, auth: Auth, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.lockById(tx, tenantId, id);
    if (!current) throw itemNotFound();
    const license = await licenseName(tx, tenantId, current.licenseId);
    await repo.remove(tx, tenantId, id);
    await audit(tx, tenantId, auth, "content.deleted", current, license);
    return current;
  });
  // After the commit: a failed transaction never loses the file of a row that stays.
  if (row.storageKey) await getStorage().remove(row.storageKey);
}
