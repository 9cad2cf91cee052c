import type { OfficeContact, SchoolDetails, SchoolDetailsBody } from "@/lib/contract/sales";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { recordAudit } from "../audit/audit.repository";
import { findSchoolDetails, upsertSchoolDetails, type SchoolDetailsRow } from "./school-details.repository";

// The school's details (issue 31 §3): what its receipts print and what a student is told to top up at the office.

const EMPTY: SchoolDetails = { legalName: "", taxId: "", address: "", phone: null, officeHours: "" };

const toDetails = (row: SchoolDetailsRow | null): SchoolDetails =>
  row ? { legalName: row.legalName, taxId: row.taxId, address: row.address, phone: row.phone, officeHours: row.officeHours } : EMPTY;

export async function getSchoolDetails(db: DbOrTx, tenantId: string): Promise<SchoolDetails> {
  return toDetails(await findSchoolDetails(db, tenantId));
}

// The body is parsed by the contract (phone in E.164, NIF compacted and checked); the audit keeps what changed.
export async function updateSchoolDetails(db: Db, tenantId: string, auth: Auth, body: SchoolDetailsBody & { phone: string | null }): Promise<SchoolDetails> {
  return db.transaction(async (tx) => {
    const before = await getSchoolDetails(tx, tenantId);
    const next: SchoolDetails = { legalName: body.legalName, taxId: body.taxId, address: body.address, phone: body.phone, officeHours: body.officeHours };
    const changed = (Object.keys(next) as (keyof SchoolDetails)[]).filter((k) => next[k] !== before[k]);
    if (changed.length === 0) return before;
    await upsertSchoolDetails(tx, { tenantId, ...next });
    await recordAudit(tx, tenantId, auth, {
      action: "school_details.updated",
      targetType: "settings",
      details: { changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: next[k] }])) },
    });
    return next;
  });
}

export async function getOfficeContact(db: DbOrTx, tenant: Tenant): Promise<OfficeContact> {
  const details = await getSchoolDetails(db, tenant.id);
  return { name: tenant.name, address: details.address, phone: details.phone, officeHours: details.officeHours };
}
