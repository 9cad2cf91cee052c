import type { Section } from "@/lib/contract/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { conflict } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { sectionNotFound } from "./cap-errors";
import { toSection } from "./cap-views";
import { deleteSection, insertSection, isSectionInUse, listSections, updateSection } from "./sections.repository";

type SectionValues = { name: string; authorizationNumber: string | null };

const sectionInUse = () =>
  conflict("SECTION_IN_USE", "No se puede eliminar la sección porque tiene cursos o sesiones asociados");

export async function getSections(db: Db, tenant: Tenant): Promise<Section[]> {
  return (await listSections(db, tenant.id)).map(toSection);
}

export async function createSection(db: Db, tenant: Tenant, auth: Auth, body: SectionValues): Promise<Section> {
  return db.transaction(async (tx) => {
    const row = await insertSection(tx, tenant.id, body);
    await recordAudit(tx, tenant.id, auth, { action: "cap.section_created", targetType: "section", targetId: row.id, details: { ...body } });
    return toSection(row);
  });
}

export async function editSection(db: Db, tenant: Tenant, auth: Auth, id: string, body: SectionValues): Promise<Section> {
  return db.transaction(async (tx) => {
    const row = await updateSection(tx, tenant.id, id, body);
    if (!row) throw sectionNotFound();
    await recordAudit(tx, tenant.id, auth, { action: "cap.section_updated", targetType: "section", targetId: id, details: { ...body } });
    return toSection(row);
  });
}

export async function removeSection(db: Db, tenant: Tenant, auth: Auth, id: string): Promise<void> {
  if (await isSectionInUse(db, tenant.id, id)) throw sectionInUse();
  try {
    await db.transaction(async (tx) => {
      if (!(await deleteSection(tx, tenant.id, id))) throw sectionNotFound();
      await recordAudit(tx, tenant.id, auth, { action: "cap.section_deleted", targetType: "section", targetId: id });
    });
  } catch (error) {
    // A course created meanwhile: the foreign key refuses the delete.
    if (pgErrorCode(error) === "23503") throw sectionInUse();
    throw error;
  }
}
