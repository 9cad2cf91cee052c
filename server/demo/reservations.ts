import type { Db } from "../db/client";
import { availabilityRules, instructorAssignments, licenses, reservations, vehicles } from "../db/schema/reservations";
import { hashPassword } from "../modules/auth/password";
import { changeBalance } from "../modules/balance/balance.service";
import { users } from "../db/schema/core";
import { upsertSettings } from "../modules/config/config.repository";
import { addDays, isoWeekday, localDate, localToUtc } from "@/lib/time/zoned-time";
import type { CoreSeed } from "./core";

const TZ = "Europe/Madrid";
const HOUR_MS = 3_600_000;

// The spec's licence codes (§3) with the names shown as 'Permiso {name}'.
const LICENSES = [
  ["am", "AM"], ["a1", "A1"], ["a2", "A2"], ["a", "A"], ["b", "B"], ["b-e", "B+E"],
  ["c1", "C1"], ["c", "C"], ["c-e", "C+E"], ["d", "D"],
] as const;

async function insertLicenses(db: Db, tenantId: string): Promise<Record<string, string>> {
  const rows = await db.insert(licenses).values(LICENSES.map(([code, name]) => ({ tenantId, code, name }))).returning();
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

async function weekdayAvailability(db: Db, tenantId: string, instructorIds: string[]) {
  await db.insert(availabilityRules).values(
    instructorIds.flatMap((instructorId) =>
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        { tenantId, instructorId, weekday, startMinutes: 8 * 60, endMinutes: 14 * 60 },
        { tenantId, instructorId, weekday, startMinutes: 16 * 60, endMinutes: 20 * 60 },
      ]),
    ),
  );
}

// The n-th weekday before (n < 0) or after (n > 0) today, at a local hour.
function weekdaySlot(now: Date, n: number, hour: number, hours = 1) {
  let date = localDate(now.getTime(), TZ);
  for (let left = Math.abs(n); left > 0; ) {
    date = addDays(date, Math.sign(n));
    if (isoWeekday(date) <= 5) left--;
  }
  const startAt = new Date(localToUtc(date, hour * 60, TZ));
  return { startAt, endAt: new Date(startAt.getTime() + hours * HOUR_MS) };
}

type Plan = {
  instructorId: string;
  licenseId: string;
  slot: { startAt: Date; endAt: Date };
  status: "requested" | "confirmed" | "denied" | "anulled" | "cancelled";
  extra?: Partial<typeof reservations.$inferInsert>;
};

type LedgerEvent = Parameters<typeof changeBalance>[1] & { at: Date };

// Inserts the plan's reservations and returns their ledger events as the product would have written them:
// a charge when requested, a refund when undone. Dates are in the past, so the history reads naturally.
async function insertPlans(db: Db, tenantId: string, studentId: string, mode: "time" | "money", hourlyPrice: number, plans: Plan[], now: Date) {
  const events: LedgerEvent[] = [];
  for (const [i, plan] of plans.entries()) {
    const seconds = (plan.slot.endAt.getTime() - plan.slot.startAt.getTime()) / 1000;
    const amount = mode === "time" ? seconds : Math.round((hourlyPrice * seconds) / 3600);
    const bookedAt = new Date(Math.min(plan.slot.startAt.getTime() - 5 * 24 * HOUR_MS, now.getTime() - (3 * 24 - i) * HOUR_MS));
    const [r] = await db
      .insert(reservations)
      .values({
        tenantId,
        studentId,
        instructorId: plan.instructorId,
        licenseId: plan.licenseId,
        startAt: plan.slot.startAt,
        endAt: plan.slot.endAt,
        status: plan.status,
        chargeMode: mode,
        chargeAmount: amount,
        createdAt: bookedAt,
        ...plan.extra,
      })
      .returning();
    const common = { tenantId, studentId, mode, amount, reservationId: r!.id };
    events.push({ ...common, operation: "consumption", description: "reserva_solicitada", at: bookedAt });
    const refund = { denied: "reserva_denegada", anulled: "reserva_anulada", cancelled: "reserva_cancelada" } as const;
    if (plan.status in refund) {
      const at = new Date(Math.min(bookedAt.getTime() + 24 * HOUR_MS, now.getTime() - (24 - i) * HOUR_MS));
      events.push({ ...common, operation: "top-up", description: refund[plan.status as keyof typeof refund], at });
    }
  }
  return events;
}

async function applyInOrder(db: Db, events: LedgerEvent[]) {
  await db.transaction(async (tx) => {
    for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) await changeBalance(tx, e);
  });
}

export async function seedReservations(db: Db, core: CoreSeed, now = new Date()): Promise<void> {
  const demo = core.demo;
  const norte = core.norte;
  const demoLicenses = await insertLicenses(db, demo.tenantId);
  const norteLicenses = await insertLicenses(db, norte.tenantId);
  const sur = core.sur;
  const surLicenses = await insertLicenses(db, sur.tenantId);

  await upsertSettings(db, demo.tenantId, {
    practice_duration_min: "PT1H",
    practice_duration_max: "PT2H",
    practice_duration_increments: "PT30M",
    reservation_mode: "request",
    hourly_price: "3500",
    reservation_cancel_deadline_hours: "24",
    stripe_charges_enabled: "true",
    balance_mode: "time",
  });
  await upsertSettings(db, norte.tenantId, { balance_mode: "money", hourly_price: "3500", stripe_charges_enabled: "false" });
  await upsertSettings(db, sur.tenantId, { balance_mode: "time", reservation_mode: "request" });

  const { alumno, profesor, profesora } = demo.users as Record<string, string>;
  const n = norte.users as Record<string, string>;
  await db.insert(instructorAssignments).values([
    { tenantId: demo.tenantId, studentId: alumno!, instructorId: profesor!, licenseId: demoLicenses.b! },
    { tenantId: demo.tenantId, studentId: alumno!, instructorId: profesora!, licenseId: demoLicenses.a2! },
    { tenantId: norte.tenantId, studentId: n["norte.alumno"]!, instructorId: n["norte.profesor"]!, licenseId: norteLicenses.b! },
    { tenantId: sur.tenantId, studentId: sur.users["sur.alumno"]!, instructorId: sur.users["sur.profesor"]!, licenseId: surLicenses.b! },
  ]);
  await weekdayAvailability(db, demo.tenantId, [profesor!, profesora!]);
  await weekdayAvailability(db, norte.tenantId, [n["norte.profesor"]!]);
  await weekdayAvailability(db, sur.tenantId, [sur.users["sur.profesor"]!]);
  await db.insert(vehicles).values([
    { tenantId: demo.tenantId, plate: "1234 KLM", description: "Seat Ibiza", licenseId: demoLicenses.b! },
    { tenantId: demo.tenantId, plate: "5678 MNP", description: "Yamaha MT-07", licenseId: demoLicenses.a2! },
    { tenantId: norte.tenantId, plate: "9012 BCD", description: "Renault Clio", licenseId: norteLicenses.b! },
  ]);

  const B = { instructorId: profesor!, licenseId: demoLicenses.b! };
  const A2 = { instructorId: profesora!, licenseId: demoLicenses.a2! };
  const decided = { decidedBy: demo.users.admin, decidedAt: now };
  const plans: Plan[] = [
    { ...B, slot: weekdaySlot(now, -10, 10), status: "confirmed" },
    { ...B, slot: weekdaySlot(now, -6, 17, 2), status: "confirmed" },
    { ...A2, slot: weekdaySlot(now, -4, 12), status: "denied", extra: { decisionReason: "La profesora no está disponible ese día", ...decided } },
    { ...A2, slot: weekdaySlot(now, -2, 9), status: "confirmed" },
    { ...B, slot: weekdaySlot(now, 2, 12, 2), status: "requested", extra: { message: "Me gustaría practicar aparcamiento" } },
    { ...B, slot: weekdaySlot(now, 3, 10), status: "confirmed" },
    { ...A2, slot: weekdaySlot(now, 4, 17), status: "confirmed", extra: { cancellationRequestStatus: "pending", cancellationRequestReason: "Tengo un examen en la universidad", cancellationRequestedAt: now } },
    { ...B, slot: weekdaySlot(now, 5, 9), status: "cancelled" },
    { ...B, slot: weekdaySlot(now, 6, 11), status: "anulled", extra: { decisionReason: "Vehículo en revisión", ...decided } },
    { ...A2, slot: weekdaySlot(now, 7, 16, 2), status: "requested" },
  ];
  // The top-up is sized so that 10 h remain after the demo lessons.
  const active = plans.filter((p) => p.status === "requested" || p.status === "confirmed");
  const held = active.reduce((sum, p) => sum + (p.slot.endAt.getTime() - p.slot.startAt.getTime()) / 1000, 0);
  const events = await insertPlans(db, demo.tenantId, alumno!, "time", 3500, plans, now);
  const firstAt = new Date(Math.min(...events.map((e) => e.at.getTime())) - 24 * HOUR_MS);
  await applyInOrder(db, [
    { tenantId: demo.tenantId, studentId: alumno!, mode: "time", amount: 10 * 3600 + held, operation: "top-up", description: "recarga_admin", at: firstAt },
    ...events,
  ]);

  // A second demo student with profesor (e2e: another student takes a slot first; alumno sees busy time).
  const [alumno2] = await db
    .insert(users)
    .values({
      tenantId: demo.tenantId,
      username: "alumno2",
      passwordHash: await hashPassword("alumno123"),
      dni: "87654321X",
      firstName: "Sara",
      surname1: "López",
      surname2: "Díaz",
      roles: ["ROLE_ALUMNO"],
    })
    .returning({ id: users.id });
  await db.insert(instructorAssignments).values({ tenantId: demo.tenantId, studentId: alumno2!.id, instructorId: profesor!, licenseId: demoLicenses.b! });
  const sara: Plan[] = [{ ...B, slot: weekdaySlot(now, 3, 12), status: "confirmed" }];
  const saraEvents = await insertPlans(db, demo.tenantId, alumno2!.id, "time", 3500, sara, now);
  await applyInOrder(db, [
    { tenantId: demo.tenantId, studentId: alumno2!.id, mode: "time", amount: 11 * 3600, operation: "top-up", description: "recarga_admin", at: new Date(now.getTime() - 10 * 24 * HOUR_MS) },
    ...saraEvents,
  ]);

  // Autoescuela Norte: a money balance of 150 € minus one pending request.
  const norteStudent = n["norte.alumno"]!;
  const norteEvents = await insertPlans(
    db,
    norte.tenantId,
    norteStudent,
    "money",
    3500,
    [{ instructorId: n["norte.profesor"]!, licenseId: norteLicenses.b!, slot: weekdaySlot(now, 2, 10), status: "requested" }],
    now,
  );
  await applyInOrder(db, [
    { tenantId: norte.tenantId, studentId: norteStudent, mode: "money", amount: 15000, operation: "top-up", description: "recarga_admin", at: new Date(now.getTime() - 7 * 24 * HOUR_MS) },
    ...norteEvents,
  ]);

  // Autoescuela Sur: four hours bought at the school's desk (it has no card payments).
  await applyInOrder(db, [
    { tenantId: sur.tenantId, studentId: sur.users["sur.alumno"]!, mode: "time", amount: 4 * 3600, operation: "top-up", description: "recarga_admin", at: new Date(now.getTime() - 3 * 24 * HOUR_MS) },
  ]);
}
