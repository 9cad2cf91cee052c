import { and, eq } from "drizzle-orm";
import { hashPassword } from "@/server/modules/auth/password";
import { changeBalance } from "@/server/modules/balance/balance.service";
import type { Db } from "@/server/db/client";
import { instructorLicenses } from "@/server/db/schema/backoffice";
import { tenants, users } from "@/server/db/schema/core";
import { availabilityRules, instructorAssignments, licenses, reservations } from "@/server/db/schema/reservations";
import { DAY_JOURNEY } from "./day-journey";

// What the instructor's day journey (tests/e2e/instructor/day.phone.spec.ts) cannot make through the API: a lesson
// that has already ended (no API books the past). Written when the e2e server starts, after the demo data, for people
// of its own so no other journey sees a change: an instructor open every day who teaches licence B and a student
// assigned to them for it, whose confirmed lesson ended an hour before the server started. The journey books the
// requests itself.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function seedDayJourney(db: Db, now = new Date()): Promise<void> {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "demo"));
  const [b] = await db.select({ id: licenses.id }).from(licenses).where(and(eq(licenses.tenantId, demo!.id), eq(licenses.code, "b")));
  const tenantId = demo!.id;
  const person = async (p: (typeof DAY_JOURNEY)[keyof typeof DAY_JOURNEY], role: string) => {
    const [row] = await db
      .insert(users)
      .values({ ...p, tenantId, roles: [role], passwordHash: await hashPassword(p.password) })
      .returning({ id: users.id });
    return row!.id;
  };
  const instructorId = await person(DAY_JOURNEY.instructor, "ROLE_INSTRUCTOR");
  const studentId = await person(DAY_JOURNEY.student, "ROLE_ALUMNO");
  await db.insert(instructorLicenses).values({ tenantId, instructorId, licenseId: b!.id });
  await db.insert(instructorAssignments).values({ tenantId, studentId, instructorId, licenseId: b!.id });
  // Open 07:00-23:00 every day, so the journey finds a slot later today or tomorrow whatever the weekday.
  await db.insert(availabilityRules).values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ tenantId, instructorId, weekday, startMinutes: 7 * 60, endMinutes: 23 * 60 })));

  // The lesson: one hour, ended an hour ago (on five-minute marks), confirmed and paid at the desk.
  const endAt = new Date(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE - HOUR);
  const startAt = new Date(endAt.getTime() - HOUR);
  const bookedAt = new Date(startAt.getTime() - 24 * HOUR);
  await db.transaction(async (tx) => {
    const [lesson] = await tx
      .insert(reservations)
      .values({ tenantId, studentId, instructorId, licenseId: b!.id, startAt, endAt, status: "confirmed", chargeMode: "time", chargeAmount: 3600, decidedBy: instructorId, decidedAt: bookedAt, createdAt: bookedAt })
      .returning({ id: reservations.id });
    const charge = { tenantId, studentId, mode: "time" as const, amount: 3600 };
    await changeBalance(tx, { ...charge, operation: "top-up", description: "recarga_admin", at: new Date(bookedAt.getTime() - MINUTE) });
    await changeBalance(tx, { ...charge, operation: "consumption", description: "reserva_solicitada", reservationId: lesson!.id, at: bookedAt });
  });
}
