import type { Availability, AvailabilityOverride, CreateOverrideBody, ReplaceRulesBody } from "@/lib/contract/availability";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth } from "../../http/context";
import { notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { availabilityWindows, type Interval } from "../reservations/slots";
import { addDays, localDate } from "@/lib/time/zoned-time";
import { deleteOverride, insertOverride, listOverrides, listRules, replaceRules, type OverrideRow } from "./availability.repository";

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function toOverride(o: OverrideRow): AvailabilityOverride {
  return {
    id: o.id,
    date: o.date,
    type: o.type,
    start: o.startMinutes === null ? null : toHhmm(o.startMinutes),
    end: o.endMinutes === null ? null : toHhmm(o.endMinutes),
  };
}

export async function getAvailability(db: DbOrTx, tenant: { id: string; timeZone: string }, instructorId: string): Promise<Availability> {
  const [rules, overrides] = await Promise.all([
    listRules(db, tenant.id, [instructorId]),
    listOverrides(db, tenant.id, [instructorId]),
  ]);
  return {
    timeZone: tenant.timeZone,
    rules: rules.map((r) => ({ id: r.id, weekday: r.weekday, start: toHhmm(r.startMinutes), end: toHhmm(r.endMinutes) })),
    overrides: overrides.map(toOverride),
  };
}

export async function setRules(
  db: Db,
  tenant: { id: string; timeZone: string },
  auth: Auth,
  body: ReplaceRulesBody,
): Promise<Availability> {
  await db.transaction(async (tx) => {
    await replaceRules(
      tx,
      tenant.id,
      auth.userId,
      body.rules.map((r) => ({ weekday: r.weekday, startMinutes: toMinutes(r.start), endMinutes: toMinutes(r.end) })),
    );
    await recordAudit(tx, tenant.id, auth, { action: "availability.rules_replaced", targetType: "user", targetId: auth.userId });
  });
  return getAvailability(db, tenant, auth.userId);
}

export async function addOverride(db: Db, tenant: { id: string }, auth: Auth, body: CreateOverrideBody): Promise<AvailabilityOverride> {
  const row = await insertOverride(db, {
    tenantId: tenant.id,
    instructorId: auth.userId,
    date: body.date,
    type: body.type,
    startMinutes: body.start ? toMinutes(body.start) : null,
    endMinutes: body.end ? toMinutes(body.end) : null,
  });
  return toOverride(row);
}

export async function removeOverride(db: Db, tenant: { id: string }, auth: Auth, id: string): Promise<void> {
  if (!(await deleteOverride(db, tenant.id, auth.userId, id))) throw notFound("Excepción no encontrada");
}

// Open windows of each instructor between two instants, as UTC intervals.
export async function loadWindows(
  db: DbOrTx,
  tenant: { id: string; timeZone: string },
  instructorIds: string[],
  from: number,
  to: number,
): Promise<Map<string, Interval[]>> {
  const range = { from: addDays(localDate(from, tenant.timeZone), -1), to: addDays(localDate(to, tenant.timeZone), 1) };
  const [rules, overrides] = await Promise.all([
    listRules(db, tenant.id, instructorIds),
    listOverrides(db, tenant.id, instructorIds, range),
  ]);
  return new Map(
    instructorIds.map((id) => [
      id,
      availabilityWindows({
        rules: rules.filter((r) => r.instructorId === id),
        overrides: overrides.filter((o) => o.instructorId === id),
        timeZone: tenant.timeZone,
        from,
        to,
      }),
    ]),
  );
}
