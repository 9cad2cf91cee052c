import { and, asc, eq } from "drizzle-orm";
import type { Vehicle, vehicleBodySchema } from "@/lib/contract/backoffice";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { licenses, vehicles } from "../../db/schema/reservations";
import type { Auth, Tenant } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { findLicense } from "./licenses.repository";
import { changedFields } from "./users-admin.views";

type VehicleBody = z.output<typeof vehicleBodySchema>;

async function listRows(db: DbOrTx, tenantId: string, id?: string): Promise<Vehicle[]> {
  const rows = await db
    .select({ v: vehicles, license: { id: licenses.id, code: licenses.code, name: licenses.name } })
    .from(vehicles)
    .leftJoin(licenses, eq(licenses.id, vehicles.licenseId))
    .where(and(eq(vehicles.tenantId, tenantId), id ? eq(vehicles.id, id) : undefined))
    .orderBy(asc(vehicles.plate));
  return rows.map(({ v, license }) => ({ id: v.id, plate: v.plate, description: v.description, isActive: v.isActive, license: license?.id ? license : null }));
}

export const listVehicles = (db: Db, tenant: Tenant) => listRows(db, tenant.id);

const duplicatePlate = () => conflict("DUPLICATE_PLATE", "Ya existe un vehículo con esa matrícula");
function translateUnique(error: unknown): never {
  if (pgErrorCode(error) === "23505") throw duplicatePlate();
  throw error;
}
const auditView = (v: Vehicle) => ({ plate: v.plate, description: v.description, license: v.license?.name ?? null, isActive: v.isActive });

async function checkLicense(db: DbOrTx, tenantId: string, licenseId: string | null) {
  if (licenseId && !(await findLicense(db, tenantId, licenseId))) throw notFound("Permiso no encontrado");
}

export async function createVehicle(db: Db, tenant: Tenant, auth: Auth, body: VehicleBody): Promise<Vehicle> {
  await checkLicense(db, tenant.id, body.licenseId);
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(vehicles).values({ tenantId: tenant.id, ...body }).returning();
      const [view] = await listRows(tx, tenant.id, row!.id);
      await recordAudit(tx, tenant.id, auth, { action: "vehicle.created", targetType: "vehicle", targetId: row!.id, details: auditView(view!) });
      return view!;
    })
    .catch(translateUnique);
}

// Vehicles are never deleted: practices keep their plate; an inactive one is no longer offered.
export async function updateVehicle(db: Db, tenant: Tenant, auth: Auth, id: string, body: VehicleBody): Promise<Vehicle> {
  await checkLicense(db, tenant.id, body.licenseId);
  return db
    .transaction(async (tx) => {
      const [before] = await listRows(tx, tenant.id, id);
      if (!before) throw notFound("Vehículo no encontrado");
      await tx.update(vehicles).set(body).where(and(eq(vehicles.tenantId, tenant.id), eq(vehicles.id, id)));
      const [after] = await listRows(tx, tenant.id, id);
      const changes = changedFields(auditView(before), auditView(after!));
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, tenant.id, auth, { action: "vehicle.updated", targetType: "vehicle", targetId: id, details: { plate: after!.plate, changes } });
      }
      return after!;
    })
    .catch(translateUnique);
}
