import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { capEnrollments } from "@/server/db/schema/cap";
import { contentItems } from "@/server/db/schema/content";
import { examAttendances, examSlots, exams } from "@/server/db/schema/exams";
import { conversationParticipants, conversations } from "@/server/db/schema/messaging";
import { slotAlerts } from "@/server/db/schema/notifications";
import { availabilityOverrides, vehicles } from "@/server/db/schema/reservations";
import { products } from "@/server/db/schema/shop";
import { insertOrder } from "@/server/modules/shop/shop.repository";
import { changeBalance } from "@/server/modules/balance/balance.service";
import { insertSale, takeReceiptNumber } from "@/server/modules/sales/sales.repository";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { assign, createLicense, insertReservation, localSlot, openEveryDay, topUp, HOUR } from "@/tests/fixtures/reservation-factories";
import { createCapStudent, createCourse, createSection, createSession, enroll, randomDni, setAttendance } from "@/tests/fixtures/cap-factories";
import type { Role } from "./route-access";

// The data the sweeps aim at: school A owns one of everything that has an id in a route; school B is
// the other tenant, with its own users of every role.
export type Actor = { label: string; token?: string; host: string };

async function school(db: Db) {
  const tenant = await createTenant(db);
  const admin = await createUser(db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  const student = await createUser(db, tenant, { roles: ["ROLE_ALUMNO"], dni: randomDni() });
  const instructor = await createUser(db, tenant, { roles: ["ROLE_INSTRUCTOR"] });
  const license = await createLicense(db, tenant, "b", "B");
  const assignment = await assign(db, tenant, student, instructor, license);
  await openEveryDay(db, tenant, instructor);
  await topUp(db, tenant, student, 20 * HOUR);
  return { tenant, admin, student, instructor, license, assignment };
}

export async function buildWorld(db: Db) {
  const a = await school(db);
  const b = await school(db);
  // Same school, without the right: another student, an instructor assigned to nobody.
  const student2 = await createUser(db, a.tenant, { roles: ["ROLE_ALUMNO"], dni: randomDni() });
  await topUp(db, a.tenant, student2, 5 * HOUR);
  const instructor2 = await createUser(db, a.tenant, { roles: ["ROLE_INSTRUCTOR"] });

  const w = { tenant: a.tenant, student: a.student, instructor: a.instructor, license: a.license };
  const reservation = await insertReservation(db, w, localSlot(5, 10), "requested");
  const [override] = await db
    .insert(availabilityOverrides)
    .values({ tenantId: a.tenant.id, instructorId: a.instructor.id, date: "2099-01-05", type: "day_off" })
    .returning();
  const section = await createSection(db, a.tenant);
  const course = await createCourse(db, a.tenant, section);
  const capStudent = await createCapStudent(db, a.tenant);
  await enroll(db, a.tenant, course, [capStudent.id]);
  const [enrollment] = await db
    .select()
    .from(capEnrollments)
    .where(and(eq(capEnrollments.capCourseId, course.id), eq(capEnrollments.studentId, capStudent.id)));
  const session = await createSession(db, a.tenant, course, new Date(Date.now() + 86400_000), new Date(Date.now() + 90000_000), [capStudent.id]);
  await setAttendance(db, a.tenant, session.id, capStudent.id, session.startAt, session.endAt);
  const [vehicle] = await db.insert(vehicles).values({ tenantId: a.tenant.id, plate: "1234BCD", licenseId: a.license.id }).returning();
  const day = 86400_000;
  const [exam] = await db
    .insert(exams)
    .values({
      tenantId: a.tenant.id,
      date: new Date(Date.now() + 30 * day),
      inscriptionsOpening: new Date(Date.now() - day),
      inscriptionsClosing: new Date(Date.now() + 20 * day),
      location: "Madrid",
    })
    .returning();
  const [slot] = await db
    .insert(examSlots)
    .values({ tenantId: a.tenant.id, examId: exam!.id, examType: 1, licenseId: a.license.id, places: 5, visibleLimit: 5, registeredCount: 1 })
    .returning();
  const [attendance] = await db
    .insert(examAttendances)
    .values({ tenantId: a.tenant.id, slotId: slot!.id, studentId: a.student.id, status: "registered", registeredAt: new Date() })
    .returning();

  // A conversation between A's student and A's instructor; a content item of A's licence.
  const [low, high] = [a.student.id, a.instructor.id].sort();
  const [conversation] = await db.insert(conversations).values({ tenantId: a.tenant.id, userLowId: low!, userHighId: high! }).returning();
  await db.insert(conversationParticipants).values([
    { conversationId: conversation!.id, tenantId: a.tenant.id, userId: a.student.id, partnerId: a.instructor.id },
    { conversationId: conversation!.id, tenantId: a.tenant.id, userId: a.instructor.id, partnerId: a.student.id },
  ]);
  const [content] = await db
    .insert(contentItems)
    .values({ tenantId: a.tenant.id, licenseId: a.license.id, type: "iframe", name: "Test online", url: "https://example.com/test" })
    .returning();

  // An order of A's student (shop).
  const [product] = await db.insert(products).values({ tenantId: a.tenant.id, title: "Pack 1 hora", priceCents: 3500, creditMode: "time", creditAmount: HOUR }).returning();
  const order = await insertOrder(db, { tenantId: a.tenant.id, studentId: a.student.id, totalCents: 3500, creditMode: "time", creditAmount: HOUR }, [
    { tenantId: a.tenant.id, productId: product!.id, title: product!.title, unitPriceCents: 3500, quantity: 1, totalCents: 3500 },
  ]);

  // A desk sale of A's student, with its receipt (issue 31 §3).
  const sale = await db.transaction(async (tx) => {
    const movement = await changeBalance(tx, { tenantId: a.tenant.id, studentId: a.student.id, mode: "time", amount: HOUR, operation: "top-up", description: "recarga_admin" });
    const receiptNumber = await takeReceiptNumber(tx, a.tenant.id, 2026);
    return insertSale(tx, {
      tenantId: a.tenant.id, studentId: a.student.id, productId: product!.id, productTitle: product!.title, unitPriceCents: 3500, quantity: 1, listTotalCents: 3500,
      totalCents: 3500, paymentMethod: "cash", amountTakenCents: 3500, creditMode: "time", creditAmount: HOUR, movementId: movement!.id, receiptYear: 2026, receiptNumber,
    });
  });

  // A freed-slot alert of A's student.
  const [slotAlert] = await db
    .insert(slotAlerts)
    .values({ tenantId: a.tenant.id, studentId: a.student.id, instructorId: a.instructor.id, fromDate: "2099-01-05", toDate: "2099-01-05" })
    .returning();

  const actor = (label: string, user: TestUser | null, tenant: TestTenant, impersonatorId?: string) =>
    (async (): Promise<Actor> => ({ label, host: tenant.host, token: user ? await tokenFor(user, tenant, impersonatorId) : undefined }))();

  // School A's actor for each role of the matrix (the impersonating administrator acts as A's student).
  const roles: Record<Role, Actor> = {
    anonymous: await actor("anonymous", null, a.tenant),
    student: await actor("student", a.student, a.tenant),
    instructor: await actor("instructor", a.instructor, a.tenant),
    administrator: await actor("administrator", a.admin, a.tenant),
    impersonating: await actor("administrator impersonating a student", a.student, a.tenant, a.admin.id),
  };
  const other: Record<"student" | "instructor" | "administrator", Actor> = {
    student: await actor("student of the other school", b.student, b.tenant),
    instructor: await actor("instructor of the other school", b.instructor, b.tenant),
    administrator: await actor("administrator of the other school", b.admin, b.tenant),
  };
  const sameSchool = {
    student: await actor("another student of the same school", student2, a.tenant),
    instructor: await actor("an instructor of the same school assigned to nobody", instructor2, a.tenant),
  };

  // Every id a route can take, owned by school A.
  const ids = {
    reservation: reservation.id,
    override: override!.id,
    section: section.id,
    course: course.id,
    session: session.id,
    enrollment: enrollment!.id,
    capStudent: capStudent.id,
    student: a.student.id,
    instructor: a.instructor.id,
    license: a.license.id,
    assignment: a.assignment.id,
    vehicle: vehicle!.id,
    exam: exam!.id,
    slot: slot!.id,
    attendance: attendance!.id,
    conversation: conversation!.id,
    content: content!.id,
    order: order.id,
    slotAlert: slotAlert!.id,
    sale: sale.id,
  };
  return { a, b, student2, instructor2, roles, other, sameSchool, ids, tenantIds: [a.tenant.id, b.tenant.id] };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

export const randomUuid = () => crypto.randomUUID();

/** Routes that end a session (logout, leaving an impersonation): the sweeps call them last and then restore the sessions. */
export const endsSession = (key: string) => /\/auth\/(logout|exit-impersonation)$/.test(key);

/** Makes the world's tokens valid again after a route that ended a session (a logout bumps the session version). */
export async function restoreSessions(db: Db, w: World): Promise<void> {
  await db.execute(sql`update users set session_version = 0 where tenant_id in (${w.a.tenant.id}, ${w.b.tenant.id})`);
}
