import { and, eq } from "drizzle-orm";
import { adminAssignmentListSchema, adminLicenseListSchema, auditPageSchema, vehicleSchema } from "@/lib/contract/backoffice";
import { configResponseSchema } from "@/lib/contract/config";
import { auditLog } from "@/server/db/schema/core";
import { instructorAssignments, reservations, tenantSettings } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, createLicense, insertReservation, localSlot, topUp, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(90_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  adminToken = await tokenFor(admin, w.tenant);
  adminId = admin.id;
});
afterAll(() => ctx.close());

const call = (path: string, method = "GET", body?: unknown, token = adminToken, host = w.tenant.host) =>
  ctx.call(path, { method, body, token, host });
const audits = async (action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, action)));

describe("licences and assignments", () => {
  it("adds licence types of the spec's list once, and refuses to delete one in use", async () => {
    const a2 = await call("/administrator/licenses", "POST", { code: "a2" });
    expect(a2.status).toBe(201);
    expect(a2.json).toMatchObject({ code: "a2", name: "A2" });
    expect((await call("/administrator/licenses", "POST", { code: "a2" })).status).toBe(409);
    expect((await call("/administrator/licenses", "POST", { code: "xyz" })).status).toBe(422);
    // Beyond driving licences, the spec's professional ones: ADR, CAP, safety adviser, forklift, professional competence.
    for (const [code, name] of [["adr-cisternas", "ADR cisternas"], ["cap-inicial-mercancias", "CAP inicial mercancías"], ["conseller-seguridad", "Consejero de seguridad"], ["carretillas-elevadoras", "Carretillas elevadoras"], ["competencia-profesional", "Competencia profesional"]]) {
      const res = await call("/administrator/licenses", "POST", { code });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ code, name });
      expect((await call(`/administrator/licenses/${res.json.id}`, "DELETE")).status).toBe(200);
    }
    const inUse = await call(`/administrator/licenses/${w.license.id}`, "DELETE");
    expect(inUse.status).toBe(409);
    expect(inUse.json.error).toBe("LICENSE_IN_USE");
    expect((await call(`/administrator/licenses/${a2.json.id}`, "DELETE")).status).toBe(200);
    expect(adminLicenseListSchema.parse((await call("/administrator/licenses")).json).map((l) => l.code)).toEqual(["b"]);
    expect(await audits("license.created")).toHaveLength(6);
    expect(await audits("license.deleted")).toHaveLength(6);
  });

  it("assigns a student to an instructor who teaches the licence; the wizard's step 1 shows it", async () => {
    const student = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    const body = { studentId: student.id, instructorId: w.instructor.id, licenseId: w.license.id };
    const notTaught = await call("/administrator/assignments", "POST", body);
    expect(notTaught.status).toBe(422);
    expect(notTaught.json.error).toBe("LICENSE_NOT_TAUGHT");
    expect((await call(`/administrator/instructors/${w.instructor.id}/licenses`, "PUT", { licenseIds: [w.license.id] })).status).toBe(200);
    const created = await call("/administrator/assignments", "POST", body);
    expect(created.status).toBe(201);
    expect((await call("/administrator/assignments", "POST", body)).status).toBe(409);
    const wizard = await ctx.call("/student/instructor-assignments", { host: w.tenant.host, token: await tokenFor(student, w.tenant) });
    expect(JSON.stringify(wizard.json)).toContain(w.instructor.id);
    const list = adminAssignmentListSchema.parse((await call(`/administrator/assignments?studentId=${student.id}`)).json);
    expect(list.map((a) => a.id)).toEqual([created.json.id]);
    expect(await audits("assignment.created")).toHaveLength(1);
    expect(await audits("instructor.licenses_updated")).toHaveLength(1);
  });

  it("refuses wrong roles and inactive users in an assignment, writing nothing", async () => {
    await call(`/administrator/instructors/${w.instructor.id}/licenses`, "PUT", { licenseIds: [w.license.id] });
    const before = (await ctx.db.select().from(instructorAssignments).where(eq(instructorAssignments.tenantId, w.tenant.id))).length;
    const swapped = await call("/administrator/assignments", "POST", { studentId: w.instructor.id, instructorId: w.instructor.id, licenseId: w.license.id });
    expect(swapped.status).toBe(422);
    const inactive = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"], isActive: false });
    expect((await call("/administrator/assignments", "POST", { studentId: inactive.id, instructorId: w.instructor.id, licenseId: w.license.id })).status).toBe(422);
    expect((await call("/administrator/assignments", "POST", { studentId: "x" })).status).toBe(400);
    expect((await ctx.db.select().from(instructorAssignments).where(eq(instructorAssignments.tenantId, w.tenant.id))).length).toBe(before);
  });

  it("removing an assignment keeps past reservations", async () => {
    await topUp(ctx.db, w.tenant, w.student, 3600);
    const r = await insertReservation(ctx.db, w, localSlot(-3, 10), "confirmed");
    const [assignment] = (await call("/administrator/assignments")).json;
    expect((await call(`/administrator/assignments/${assignment.id}`, "DELETE")).status).toBe(200);
    expect(await ctx.db.select().from(reservations).where(eq(reservations.id, r.id))).toHaveLength(1);
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).json).toHaveLength(1);
    expect(await audits("assignment.deleted")).toHaveLength(1);
  });

  it("answers 404 for another school's licence, instructor, student or assignment", async () => {
    const other = await createBookingWorld(ctx.db);
    const [foreign] = await ctx.db.select().from(instructorAssignments).where(eq(instructorAssignments.tenantId, other.tenant.id));
    expect((await call(`/administrator/licenses/${other.license.id}`, "DELETE")).status).toBe(404);
    expect((await call(`/administrator/assignments/${foreign!.id}`, "DELETE")).status).toBe(404);
    expect((await call(`/administrator/instructors/${other.instructor.id}/licenses`, "PUT", { licenseIds: [] })).status).toBe(404);
    expect((await call(`/administrator/instructors/${w.instructor.id}/licenses`, "PUT", { licenseIds: [other.license.id] })).status).toBe(404);
    const body = { studentId: other.student.id, instructorId: w.instructor.id, licenseId: w.license.id };
    expect((await call("/administrator/assignments", "POST", body)).status).toBe(404);
    expect((await call("/administrator/licenses", "GET", undefined, w.instructorToken)).status).toBe(403);
  });
});

describe("vehicles", () => {
  it("creates, validates the plate and deactivates, audited", async () => {
    const created = await call("/administrator/vehicles", "POST", { plate: "1234-bcd", description: "Seat Ibiza", licenseId: w.license.id });
    expect(created.status).toBe(201);
    expect(vehicleSchema.parse(created.json)).toMatchObject({ plate: "1234 BCD", isActive: true, license: { code: "b" } });
    expect((await call("/administrator/vehicles", "POST", { plate: "1234 BCD" })).status).toBe(409);
    const bad = await call("/administrator/vehicles", "POST", { plate: "1234 AEI" });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("La matrícula no es válida (formato 1234 BCD)");
    const off = await call(`/administrator/vehicles/${created.json.id}`, "PUT", { plate: "1234 BCD", description: "Seat Ibiza", licenseId: w.license.id, isActive: false });
    expect(off.json.isActive).toBe(false);
    expect(await audits("vehicle.created")).toHaveLength(1);
    expect((await audits("vehicle.updated"))[0]!.details).toMatchObject({ changes: { isActive: { from: true, to: false } } });
    // Another school's administrator cannot see or change this school's vehicle, nor use its licence.
    const other = await createBookingWorld(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, other.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), other.tenant);
    const foreign = await call(`/administrator/vehicles/${created.json.id}`, "PUT", { plate: "9999 ZZZ", isActive: true }, otherAdmin, other.tenant.host);
    expect(foreign.status).toBe(404);
    expect((await call("/administrator/vehicles", "GET", undefined, otherAdmin, other.tenant.host)).json).toEqual([]);
    const [mine] = (await call("/administrator/vehicles")).json;
    expect(mine).toMatchObject({ id: created.json.id, plate: "1234 BCD", description: "Seat Ibiza", isActive: false });
    expect(await audits("vehicle.updated")).toHaveLength(1);
    expect((await call("/administrator/vehicles", "POST", { plate: "5555 BBB", licenseId: other.license.id })).status).toBe(404);
  });
});

describe("settings", () => {
  it("updates values with validation; GET /config and the next booking see them at once; audited", async () => {
    // Read first, so the values from before are in the process's settings cache (settings-cache.ts).
    expect((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json.hourly_price).toEqual({ value: "3500" });
    const book = (slot: { start: string; end: string }) =>
      ctx.call("/student/reservations", { method: "POST", host: w.tenant.host, token: w.studentToken, body: { instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] } });
    // Before the change a 3-hour lesson is longer than the maximum (PT2H).
    expect((await book(localSlot(3, 10, 3))).status).toBe(422);

    const res = await call("/administrator/settings", "PUT", { hourly_price: "4200", practice_duration_max: "PT3H", booking_horizon_days: "30", balance_mode: "money" });
    expect(res.status).toBe(200);
    const config = configResponseSchema.parse((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json);
    expect(config).toMatchObject({ hourly_price: { value: "4200" }, practice_duration_max: { value: "PT3H" }, booking_horizon_days: { value: "30" }, balance_mode: { value: "money" } });
    const [entry] = await audits("settings.updated");
    expect(entry!.details).toEqual({
      changes: {
        hourly_price: { from: "3500", to: "4200" },
        practice_duration_max: { from: "PT2H", to: "PT3H" },
        booking_horizon_days: { from: "60", to: "30" },
        balance_mode: { from: "time", to: "money" },
      },
    });

    // The next booking: a 3-hour lesson is now allowed and charged 3 × 42,00 € from the money balance;
    // 40 days ahead is past the new horizon.
    await topUp(ctx.db, w.tenant, w.student, 20000, "money");
    expect((await book(localSlot(40, 10))).status).toBe(422);
    const booked = await book(localSlot(3, 10, 3));
    expect(booked.status).toBe(201);
    expect((await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json).toEqual({
      balanceMode: "money",
      timeBalanceSeconds: null,
      moneyBalanceCents: 20000 - 3 * 4200,
    });
    const [charge] = (await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken })).json;
    expect(charge).toMatchObject({ type: "money", operation: "consumption", moneyAmount: 12600 });
  });

  it.each([
    [{ practice_duration_min: "1h" }, "Duración mínima"],
    [{ practice_duration_min: "PT1D" }, "Duración mínima"],
    [{ practice_duration_min: "PT3H" }, "La duración mínima no puede ser mayor que la máxima"],
    [{ reservation_mode: "auto" }, "El modo de reserva"],
    [{ hourly_price: "-5" }, "El precio por hora"],
    [{ hourly_price: "12.5" }, "El precio por hora"],
    [{ booking_horizon_days: "0" }, "El horizonte de reserva"],
    [{ booking_horizon_days: "366" }, "El horizonte de reserva"],
    [{ reservation_cancel_deadline_hours: "abc" }, "El plazo de cancelación"],
    [{ balance_mode: "points" }, "El modo de saldo"],
    [{ notification_reply_to: "secretaria@" }, "El correo de respuesta no es válido"],
  ])("refuses %j with a Spanish message and writes nothing", async (body, message) => {
    const res = await call("/administrator/settings", "PUT", body);
    expect(res.status).toBe(422);
    expect(res.json.message).toContain(message);
    expect(await ctx.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, w.tenant.id))).toHaveLength(0);
    expect(await audits("settings.updated")).toHaveLength(0);
  });

  it("does not edit stripe_charges_enabled or unknown keys", async () => {
    const stripe = await call("/administrator/settings", "PUT", { stripe_charges_enabled: "true" });
    expect(stripe.status).toBe(422);
    expect(stripe.json.message).toBe("Ese ajuste no existe o no se puede modificar aquí");
    expect((await call("/administrator/settings", "PUT", { foo: "1" })).status).toBe(422);
  });

  it("changes the balance mode only while every balance is zero", async () => {
    expect((await call("/administrator/settings", "PUT", { balance_mode: "money" })).status).toBe(200);
    await topUp(ctx.db, w.tenant, w.student, 5000, "money");
    const locked = await call("/administrator/settings", "PUT", { balance_mode: "time" });
    expect(locked.status).toBe(409);
    expect(locked.json.error).toBe("BALANCE_MODE_LOCKED");
    expect((await ctx.call("/config", { host: w.tenant.host, token: w.studentToken })).json.balance_mode.value).toBe("money");
  });

  it("is for administrators only", async () => {
    expect((await call("/administrator/settings", "PUT", { hourly_price: "1" }, w.instructorToken)).status).toBe(403);
    expect((await call("/administrator/settings", "PUT", { hourly_price: "1" }, w.studentToken)).status).toBe(403);
  });
});

describe("audit log", () => {
  it("lists the school's changes with who and what, filters and paginates, and only the school's", async () => {
    await call("/administrator/settings", "PUT", { hourly_price: "4000" });
    await call("/administrator/vehicles", "POST", { plate: "1111 BBB" });
    await call("/administrator/vehicles", "POST", { plate: "2222 CCC" });
    const other = await createBookingWorld(ctx.db);
    const otherAdmin = await createUser(ctx.db, other.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    await call("/administrator/vehicles", "POST", { plate: "3333 DDD" }, await tokenFor(otherAdmin, other.tenant), other.tenant.host);

    const page = auditPageSchema.parse((await call("/administrator/audit?limit=2")).json);
    expect(page.nextCursor).not.toBeNull();
    expect(page.data[0]).toMatchObject({ action: "vehicle.created", actor: { name: "Ana Torres" }, details: { plate: "2222 CCC" } });
    const filtered = (await call("/administrator/audit?action=settings.updated")).json;
    expect(filtered.data).toHaveLength(1);
    expect(filtered.actions).toEqual(["settings.updated", "vehicle.created"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(`/administrator/audit?from=2000-01-01&to=2000-01-02`)).json.data).toHaveLength(0);
    expect((await call(`/administrator/audit?from=${today}`)).json.data).toHaveLength(3);
    expect((await call(`/administrator/audit?actorId=${adminId}`)).json.data).toHaveLength(3);
    expect((await call(`/administrator/audit?actorId=${w.student.id}`)).json.data).toHaveLength(0);
    expect((await call("/administrator/audit?from=ayer")).status).toBe(422);
    expect((await call("/administrator/audit", "GET", undefined, w.instructorToken)).status).toBe(403);
  });
});
