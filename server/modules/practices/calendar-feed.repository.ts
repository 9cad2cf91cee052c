import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { calendarFeedTokens, practices } from "../../db/schema/practices";
import { licenses, reservations, vehicles } from "../../db/schema/reservations";
import { fullName } from "./practices.repository";

const instructor = alias(users, "instructor");

export async function findFeedByUser(db: DbOrTx, tenantId: string, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.tenantId, tenantId), eq(calendarFeedTokens.userId, userId)));
  return row ?? null;
}

// One live token per user: creating again replaces it, so the old URL stops working at once.
export async function upsertFeed(db: DbOrTx, tenantId: string, userId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ tenantId, userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: [calendarFeedTokens.tenantId, calendarFeedTokens.userId], set: { tokenHash, createdAt: now } })
    .returning({ createdAt: calendarFeedTokens.createdAt });
  return row!;
}

// Also called by every password change (auth, set-password link, the office): the link ends with the old password.
export async function deleteFeed(db: DbOrTx, tenantId: string, userId: string) {
  await db.delete(calendarFeedTokens).where(and(eq(calendarFeedTokens.tenantId, tenantId), eq(calendarFeedTokens.userId, userId)));
}

// The token's owner in this school, while still an active user.
export async function findFeedOwner(db: DbOrTx, tenantId: string, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, roles: users.roles })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.tenantId, tenantId), eq(calendarFeedTokens.tokenHash, tokenHash), eq(users.tenantId, tenantId), eq(users.isActive, true)));
  return row ?? null;
}

// The student's reservations (the given statuses) and practices overlapping [from, to), with names for the feed.
export function listFeedReservations(db: DbOrTx, tenantId: string, studentId: string, from: Date, to: Date, statuses: ("requested" | "confirmed")[]) {
  return db
    .select({
      id: reservations.id,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      status: reservations.status,
      instructorName: fullName(instructor),
      license: licenses.name,
    })
    .from(reservations)
    .innerJoin(instructor, eq(instructor.id, reservations.instructorId))
    .innerJoin(licenses, eq(licenses.id, reservations.licenseId))
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.studentId, studentId),
        inArray(reservations.status, statuses),
        lt(reservations.startAt, to),
        gt(reservations.endAt, from),
      ),
    );
}

export function listFeedPractices(db: DbOrTx, tenantId: string, studentId: string, from: Date, to: Date) {
  return db
    .select({
      id: practices.id,
      reservationId: practices.reservationId,
      startAt: practices.startAt,
      endAt: practices.endAt,
      instructorName: fullName(instructor),
      license: licenses.name,
      plate: vehicles.plate,
      kmStart: practices.kmStart,
      kmEnd: practices.kmEnd,
    })
    .from(practices)
    .innerJoin(instructor, eq(instructor.id, practices.instructorId))
    .innerJoin(licenses, eq(licenses.id, practices.licenseId))
    .leftJoin(vehicles, eq(vehicles.id, practices.vehicleId))
    .where(and(eq(practices.tenantId, tenantId), eq(practices.studentId, studentId), lt(practices.startAt, to), gt(practices.endAt, from)));
}
