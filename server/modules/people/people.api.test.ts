import { and, eq } from "drizzle-orm";
import { adminUserSchema, userWithLinkSchema } from "@/lib/contract/backoffice-users";
import { officeNoteListSchema, studentFileSchema } from "@/lib/contract/people";
import { ownContactSchema } from "@/lib/contract/phone";
import { PHONE_INVALID_MESSAGE } from "@/lib/format/phone";
import { auditLog, users } from "@/server/db/schema/core";
import { examAttendances } from "@/server/db/schema/exams";
import { practices } from "@/server/db/schema/practices";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCourse, createSection, createSession, enroll, setAttendance } from "@/tests/fixtures/cap-factories";
import { createTenant, createUser, tokenFor } from "@/tests/fixtures/factories";
import { assign, createBookingWorld, createLicense, HOUR, insertReservation, localSlot, topUp, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createExam } from "../exams/exam-fixtures";

jest.setTimeout(60_000);

// People (issue 31 §2): phone numbers, a student's page and who may read it, the office's private notes.

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 10 * HOUR });
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Oficina" });
  adminToken = await tokenFor(admin, w.tenant);
});
afterAll(() => ctx.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown; host?: string } = {}) =>
  ctx.call(path, { host: init.host ?? w.tenant.host, token, method: init.method, body: init.body });
const auditOf = (action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, action)));

describe("phone numbers", () => {
  const newUser = (phone: unknown) => ({ firstName: "Pedro", surname1: "Gil", dni: "87654321X", kind: "student", username: null, access: "none", phone });

  it.each([
    ["612 34 56 78", "+34612345678"],
    ["+34 712345678", "+34712345678"],
    ["0034 912-34-56-78", "+34912345678"],
    ["", null],
  ])("the office types %p and the school keeps %p", async (typed, stored) => {
    const res = await call("/administrator/users", adminToken, { method: "POST", body: newUser(typed) });
    expect(res.status).toBe(201);
    expect(userWithLinkSchema.parse(res.json).user.phone).toBe(stored);
    const [row] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, res.json.user.id));
    expect(row!.phone).toBe(stored);
  });

  it.each(["512345678", "61234567", "+33 612 345 678", "teléfono"])("refuses %p with a Spanish message", async (typed) => {
    const res = await call("/administrator/users", adminToken, { method: "POST", body: newUser(typed) });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: PHONE_INVALID_MESSAGE });
  });

  it("keeps the number when an edit does not send it, clears it when sent empty, and audits both", async () => {
    const created = await call("/administrator/users", adminToken, { method: "POST", body: newUser("612345678") });
    const id = created.json.user.id as string;
    const { phone: _p, access: _a, ...withoutPhone } = newUser(undefined);
    const kept = await call(`/administrator/users/${id}`, adminToken, { method: "PUT", body: { ...withoutPhone, surname2: "Sanz" } });
    expect(adminUserSchema.parse(kept.json).phone).toBe("+34612345678");
    const cleared = await call(`/administrator/users/${id}`, adminToken, { method: "PUT", body: { ...withoutPhone, phone: "" } });
    expect(cleared.json.phone).toBeNull();
    const updates = await auditOf("user.updated");
    expect(updates.map((u) => u.details.changes)).toContainEqual(expect.objectContaining({ phone: { from: "+34612345678", to: null } }));
  });

  it("the database refuses a number that is not in E.164", async () => {
    await expect(ctx.db.update(users).set({ phone: "612345678" }).where(eq(users.id, w.student.id))).rejects.toThrow();
  });

  it("every user sets their own number on 'Mi perfil'; the name stays the office's", async () => {
    for (const token of [w.studentToken, w.instructorToken, adminToken]) {
      const res = await call("/me/phone", token, { method: "PUT", body: { phone: "0034 600 11 22 33" } });
      expect(res.status).toBe(200);
      expect(ownContactSchema.parse(res.json).phone).toBe("+34600112233");
    }
    const me = await call("/me/contact", w.studentToken);
    expect(ownContactSchema.parse(me.json)).toEqual({ name: "Lucía Martín", username: w.student.username, dni: "12345678Z", email: null, phone: "+34600112233" });
    expect((await auditOf("user.phone_changed")).length).toBe(3);

    expect((await call("/me/phone", w.studentToken, { method: "PUT", body: { phone: "123" } })).json).toMatchObject({ error: "VALIDATION_ERROR", message: PHONE_INVALID_MESSAGE });
    expect((await call("/me/phone", w.studentToken, { method: "PUT", body: {} })).status).toBe(400);
    // The name is not the person's to change here.
    expect((await call("/me/phone", w.studentToken, { method: "PUT", body: { phone: null, firstName: "Otro" } })).status).toBe(422);
    const removed = await call("/me/phone", w.studentToken, { method: "PUT", body: { phone: null } });
    expect(removed.json.phone).toBeNull();
    expect((await call("/me/contact", "not-a-token")).status).toBe(401);
  });
});

describe("a student's page", () => {
  const file = (token: string, id = w.student.id, area = "administrator", host?: string) => call(`/${area}/student-files/${id}`, token, { host });

  it("shows the office the student's contact, instructors, balance, lessons, practices, exams and CAP", async () => {
    await ctx.db.update(users).set({ phone: "+34612345678", email: "lucia@example.com" }).where(eq(users.id, w.student.id));
    await ctx.db.update(users).set({ phone: "+34912345678" }).where(eq(users.id, w.instructor.id));
    const next = await insertReservation(ctx.db, w, localSlot(2, 10), "confirmed");
    const requested = await insertReservation(ctx.db, w, localSlot(3, 10), "requested");
    const past = await insertReservation(ctx.db, w, localSlot(-3, 10), "confirmed");
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, reservationId: past.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      startAt: past.startAt, endAt: past.endAt, kmStart: 100, kmEnd: 130, studentSignature: "data:image/png;base64,AAAA",
    });
    const exam = await createExam(ctx.db, w.tenant, w.license);
    await ctx.db.insert(examAttendances).values({ tenantId: w.tenant.id, slotId: exam.slotId, studentId: w.student.id, status: "registered", registeredAt: new Date() });
    const section = await createSection(ctx.db, w.tenant);
    const course = await createCourse(ctx.db, w.tenant, section, { name: "CAP Mercancías" });
    await enroll(ctx.db, w.tenant, course, [w.student.id]);
    const s1 = await createSession(ctx.db, w.tenant, course, new Date(Date.now() - 3 * 86_400_000), new Date(Date.now() - 3 * 86_400_000 + HOUR * 1000));
    await createSession(ctx.db, w.tenant, course, new Date(Date.now() + 3 * 86_400_000), new Date(Date.now() + 3 * 86_400_000 + HOUR * 1000));
    await setAttendance(ctx.db, w.tenant, s1.id, w.student.id, new Date(s1.startAt.getTime() + 60_000), null);

    const res = await file(adminToken);
    expect(res.status).toBe(200);
    const f = studentFileSchema.parse(res.json);
    expect(f.student).toMatchObject({ name: "Lucía Martín", dni: "12345678Z", phone: "+34612345678", email: "lucia@example.com", isActive: true });
    expect(f.assignments).toEqual([
      expect.objectContaining({ instructor: { id: w.instructor.id, name: "Carlos Ruiz", phone: "+34912345678" }, license: expect.objectContaining({ name: "B" }) }),
    ]);
    expect(f.balance.timeBalanceSeconds).toBe(10 * HOUR - 3 * HOUR);
    expect(f.movements.items[0]).toMatchObject({ description: "reserva_solicitada", operation: "consumption" });
    expect(f.upcomingLessons.items.map((r) => r.id)).toEqual([next.id, requested.id]);
    expect(f.pastLessons.items.map((r) => r.id)).toEqual([past.id]);
    expect(f.practices.items).toHaveLength(1);
    expect(f.practices.items[0]).toMatchObject({ kmTotal: 30, instructor: { name: "Carlos Ruiz" } });
    expect(f.practices.items[0]).not.toHaveProperty("studentSignature");
    expect(f.exams.items).toEqual([expect.objectContaining({ status: "registered", license: "B", result: 0 })]);
    expect(f.cap.items).toEqual([expect.objectContaining({ courseId: course.id, name: "CAP Mercancías", sessions: 2, attended: 1 })]);
    expect(res.json).not.toHaveProperty("notes");
  });

  it("shows the newest few of a long list and says there are more", async () => {
    await topUp(ctx.db, w.tenant, w.student, 10 * HOUR);
    for (let day = 1; day <= 12; day++) await insertReservation(ctx.db, w, localSlot(day, 9), "confirmed");
    const f = studentFileSchema.parse((await file(adminToken)).json);
    expect(f.upcomingLessons.items).toHaveLength(10);
    expect(f.upcomingLessons.hasMore).toBe(true);
    expect(f.movements).toMatchObject({ hasMore: true });
  });

  it("is open to the student's instructors and to nobody else", async () => {
    expect((await file(w.instructorToken, w.student.id, "instructor")).status).toBe(200);
    // An instructor of another licence is still the student's instructor.
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await assign(ctx.db, w.tenant, w.student, second, await createLicense(ctx.db, w.tenant, "a2", "A2"));
    expect((await file(await tokenFor(second, w.tenant), w.student.id, "instructor")).status).toBe(200);

    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    const strangerToken = await tokenFor(stranger, w.tenant);
    expect((await file(strangerToken, w.student.id, "instructor")).json).toMatchObject({ error: "NOT_FOUND", message: "Alumno no encontrado" });
    expect((await file(strangerToken, w.student.id, "instructor")).status).toBe(404);
    // Students read no one's page, not even their own; instructors not through the office's route.
    const classmate = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    expect((await file(await tokenFor(classmate, w.tenant), w.student.id, "instructor")).status).toBe(403);
    expect((await file(w.studentToken, w.student.id, "instructor")).status).toBe(403);
    expect((await file(w.studentToken, w.student.id, "administrator")).status).toBe(403);
    expect((await file(w.instructorToken, w.student.id, "administrator")).status).toBe(403);
    // Someone who is not a student has no student's page.
    expect((await file(adminToken, w.instructor.id)).status).toBe(404);
    expect((await file(adminToken, "not-a-uuid")).status).toBe(404);
  });

  it("is never open to another school", async () => {
    const other = await createTenant(ctx.db);
    const otherAdmin = await createUser(ctx.db, other, { roles: ["ROLE_ADMINISTRADOR"] });
    const otherInstructor = await createUser(ctx.db, other, { roles: ["ROLE_INSTRUCTOR"] });
    expect((await file(await tokenFor(otherAdmin, other), w.student.id, "administrator", other.host)).status).toBe(404);
    expect((await file(await tokenFor(otherInstructor, other), w.student.id, "instructor", other.host)).status).toBe(404);
    // A token of this school on the other school's host is refused before any data.
    expect((await file(adminToken, w.student.id, "administrator", other.host)).status).toBe(401);
  });
});

describe("the office's notes", () => {
  const notes = (token: string, suffix = "", init: { method?: string; body?: unknown; host?: string } = {}) =>
    call(`/administrator/student-files/${w.student.id}/notes${suffix}`, token, init);

  it("are written, edited and deleted by administrators, each change in the activity log", async () => {
    const added = await notes(adminToken, "", { method: "POST", body: { body: "  Prefiere clases por la tarde.  " } });
    expect(added.status).toBe(201);
    const [note] = officeNoteListSchema.parse(added.json);
    expect(note).toMatchObject({ body: "Prefiere clases por la tarde.", createdBy: "Ana Oficina", updatedBy: "Ana Oficina" });

    const edited = await notes(adminToken, `/${note!.id}`, { method: "PUT", body: { body: "Prefiere clases por la mañana." } });
    expect(officeNoteListSchema.parse(edited.json)[0]!.body).toBe("Prefiere clases por la mañana.");
    expect((await notes(adminToken)).json).toHaveLength(1);

    const deleted = await notes(adminToken, `/${note!.id}`, { method: "DELETE" });
    expect(deleted.json).toEqual([]);

    expect((await auditOf("office_note.created"))[0]!.details).toMatchObject({ student: "Lucía Martín", body: "Prefiere clases por la tarde." });
    expect((await auditOf("office_note.updated"))[0]!.details).toMatchObject({ from: "Prefiere clases por la tarde.", to: "Prefiere clases por la mañana." });
    expect((await auditOf("office_note.deleted"))[0]!.details).toMatchObject({ body: "Prefiere clases por la mañana." });
  });

  it("are the administrators' only: not the instructors', not the students'", async () => {
    await notes(adminToken, "", { method: "POST", body: { body: "Pagó en efectivo el lunes." } });
    for (const token of [w.instructorToken, w.studentToken]) {
      expect((await notes(token)).status).toBe(403);
      expect((await notes(token, "", { method: "POST", body: { body: "x" } })).status).toBe(403);
    }
    const seenByInstructor = await call(`/instructor/student-files/${w.student.id}`, w.instructorToken);
    expect(seenByInstructor.status).toBe(200);
    expect(JSON.stringify(seenByInstructor.json)).not.toContain("efectivo");
  });

  it("refuse bad input and another student's or school's note", async () => {
    expect((await notes(adminToken, "", { method: "POST", body: { body: "   " } })).json).toMatchObject({ error: "VALIDATION_ERROR", message: "Escribe la nota" });
    expect((await notes(adminToken, "", { method: "POST", body: { body: "x".repeat(2001) } })).status).toBe(422);
    const [note] = (await notes(adminToken, "", { method: "POST", body: { body: "Nota" } })).json;
    const classmate = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    const foreign = await call(`/administrator/student-files/${classmate.id}/notes/${note.id}`, adminToken, { method: "PUT", body: { body: "y" } });
    expect(foreign.json).toMatchObject({ error: "NOT_FOUND", message: "Nota no encontrada" });
    const other = await createTenant(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, other, { roles: ["ROLE_ADMINISTRADOR"] }), other);
    expect((await notes(otherAdmin, "", { host: other.host })).status).toBe(404);
    expect((await notes(otherAdmin, `/${note.id}`, { method: "DELETE", host: other.host })).status).toBe(404);
    expect((await notes(adminToken)).json).toHaveLength(1);
  });
});
