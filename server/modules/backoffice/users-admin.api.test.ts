import { and, eq } from "drizzle-orm";
import { adminUserPageSchema, userWithLinkSchema } from "@/lib/contract/backoffice-users";
import { auditLog, users } from "@/server/db/schema/core";
import { practices } from "@/server/db/schema/practices";
import { balanceMovements } from "@/server/db/schema/reservations";
import { setUserActive, updateAdminUser } from "@/server/modules/backoffice/users-admin.service";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor, type TestUser } from "@/tests/fixtures/factories";
import { createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(90_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  adminToken = await tokenFor(admin, w.tenant);
});
afterAll(() => ctx.close());

const call = (path: string, method = "GET", body?: unknown, token = adminToken, host = w.tenant.host) =>
  ctx.call(path, { method, body, token, host });
const audits = async (action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, action)));
const countUsers = async () => (await ctx.db.select().from(users).where(eq(users.tenantId, w.tenant.id))).length;

const userRow = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const countOf = async (table: typeof practices | typeof balanceMovements, studentId: string) =>
  (await ctx.db.select().from(table).where(eq(table.studentId, studentId))).length;
const studentBody = (extra: Record<string, unknown> = {}) => ({
  firstName: "Lucía", surname1: "Martín", dni: w.student.dni, username: w.student.username, kind: "student", ...extra,
});
const authOf = (u: TestUser) => ({ userId: u.id, roles: u.roles, name: u.firstName, impersonatorId: null });

const newStudent = { firstName: "Marta", surname1: "López", dni: "00000000T", username: "marta.lopez", kind: "student" };

describe("users of the school", () => {
  it("creates a student with a set-password link that works once, and audits both", async () => {
    const res = await call("/administrator/users", "POST", newStudent);
    expect(res.status).toBe(201);
    const { user, link } = userWithLinkSchema.parse(res.json);
    expect(user).toMatchObject({ kind: "student", username: "marta.lopez", dni: "00000000T", hasPassword: false, isActive: true });
    expect(link!.path).toBe(`/establecer-contrasena#${link!.token}`);
    expect(Date.parse(link!.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    // Only a hash of the token is stored.
    const stored = await ctx.db.execute(`select token_hash from password_setup_tokens where user_id = '${user.id}'` as never);
    expect(JSON.stringify(stored)).not.toContain(link!.token);

    const set = await ctx.call("/auth/set-password", { method: "POST", host: w.tenant.host, body: { token: link!.token, password: "nueva123" } });
    expect(set.status).toBe(200);
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: "MARTA.LOPEZ", password: "nueva123" } });
    expect(login.status).toBe(200);
    const again = await ctx.call("/auth/set-password", { method: "POST", host: w.tenant.host, body: { token: link!.token, password: "otra1234" } });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("INVALID_SET_PASSWORD_TOKEN");
    expect(await audits("user.created")).toHaveLength(1);
    expect(await audits("user.password_set_by_link")).toHaveLength(1);
  });

  it("refuses a link of another school, and a new link replaces the old one", async () => {
    const { user, link } = (await call("/administrator/users", "POST", newStudent)).json;
    const other = await createBookingWorld(ctx.db);
    const foreign = await ctx.call("/auth/set-password", { method: "POST", host: other.tenant.host, body: { token: link.token, password: "nueva123" } });
    expect(foreign.status).toBe(400);
    const second = await call(`/administrator/users/${user.id}/password-link`, "POST");
    expect(second.status).toBe(200);
    const old = await ctx.call("/auth/set-password", { method: "POST", host: w.tenant.host, body: { token: link.token, password: "nueva123" } });
    expect(old.status).toBe(400);
    const ok = await ctx.call("/auth/set-password", { method: "POST", host: w.tenant.host, body: { token: second.json.token, password: "nueva123" } });
    expect(ok.status).toBe(200);
  });

  it("answers 409 in Spanish for a username or DNI already used in the school (any case), writing nothing", async () => {
    await createUser(ctx.db, w.tenant, { username: "Pepe", dni: "11111111H" });
    const before = await countUsers();
    const dupUser = await call("/administrator/users", "POST", { ...newStudent, username: "pepe" });
    expect(dupUser.status).toBe(409);
    expect(dupUser.json).toEqual({ error: "DUPLICATE_USERNAME", message: "Ya existe un usuario con ese nombre de usuario en la autoescuela" });
    const dupDni = await call("/administrator/users", "POST", { ...newStudent, dni: "11111111h" });
    expect(dupDni.status).toBe(409);
    expect(dupDni.json.error).toBe("DUPLICATE_DNI");
    // The same DNI in another school is fine.
    const other = await createBookingWorld(ctx.db);
    const otherAdmin = await createUser(ctx.db, other.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const there = await call("/administrator/users", "POST", { ...newStudent, dni: "11111111H" }, await tokenFor(otherAdmin, other.tenant), other.tenant.host);
    expect(there.status).toBe(201);
    expect(await countUsers()).toBe(before);
    expect(await audits("user.created")).toHaveLength(0);
  });

  it("validates the DNI/NIE and the fields with 4xx and writes nothing", async () => {
    const before = await countUsers();
    const bad = await call("/administrator/users", "POST", { ...newStudent, dni: "12345678A" });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("El DNI/NIE no es válido");
    expect((await call("/administrator/users", "POST", { ...newStudent, kind: "boss" })).status).toBe(422);
    expect((await call("/administrator/users", "POST", { surname1: "X" })).status).toBe(400);
    expect((await call("/administrator/users", "POST", { ...newStudent, access: "password" })).status).toBe(422);
    expect((await call("/administrator/users", "POST", { ...newStudent, access: "password", password: "123" })).status).toBe(422);
    expect((await ctx.call("/administrator/users", { method: "POST", host: w.tenant.host, token: adminToken, rawBody: "{" })).status).toBe(400);
    expect(await countUsers()).toBe(before);
    // An NIE with spaces and lower case is normalised.
    const nie = await call("/administrator/users", "POST", { ...newStudent, dni: "x 1234567-l", kind: "instructor", access: "password", password: "secreto1" });
    expect(nie.status).toBe(201);
    expect(nie.json.user).toMatchObject({ dni: "X1234567L", kind: "instructor", hasPassword: true });
    expect(nie.json.link).toBeNull();
  });

  it("deactivation refuses the user's existing session for good and keeps the records; reactivated, the user signs in again", async () => {
    await insertReservation(ctx.db, w, localSlot(2, 10));
    const past = await insertReservation(ctx.db, w, localSlot(-2, 10), "confirmed");
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, reservationId: past.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      startAt: past.startAt, endAt: past.endAt,
    });
    const movements = await countOf(balanceMovements, w.student.id);
    expect(movements).toBe(3); // the top-up and two charges
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(200);
    const off = await call(`/administrator/users/${w.student.id}/deactivate`, "POST");
    expect(off.status).toBe(200);
    expect(off.json.isActive).toBe(false);
    const refused = await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken });
    expect(refused.status).toBe(401);
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: w.student.username, password: "secreto123" } });
    expect(login.status).toBe(401);
    const kept = await ctx.db.execute(`select count(*)::int as n from reservations where student_id = '${w.student.id}'` as never);
    expect(JSON.stringify(kept)).toContain('"n":2');
    expect(await countOf(balanceMovements, w.student.id)).toBe(movements);
    expect(await countOf(practices, w.student.id)).toBe(1);
    expect((await call(`/administrator/users/${w.student.id}/reactivate`, "POST")).json.isActive).toBe(true);
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(401);
    const again = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: w.student.username, password: "secreto123" } });
    expect(again.status).toBe(200);
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: again.json.token })).status).toBe(200);
    expect(await audits("user.deactivated")).toHaveLength(1);
    expect(await audits("user.reactivated")).toHaveLength(1);
  });

  it("does not let an administrator deactivate themselves", async () => {
    const me = (await call("/administrator/users?kind=administrator")).json.data[0];
    const res = await call(`/administrator/users/${me.id}/deactivate`, "POST");
    expect(res.status).toBe(422);
  });

  it("answers 409 for an edit to a username or DNI another user of the school holds, changing nothing", async () => {
    const other = await createUser(ctx.db, w.tenant, { username: "Pepe", dni: "11111111H" });
    const before = await userRow(w.student.id);
    const dupUser = await call(`/administrator/users/${w.student.id}`, "PUT", studentBody({ username: "PEPE" }));
    expect(dupUser.status).toBe(409);
    expect(dupUser.json).toEqual({ error: "DUPLICATE_USERNAME", message: "Ya existe un usuario con ese nombre de usuario en la autoescuela" });
    const dupDni = await call(`/administrator/users/${w.student.id}`, "PUT", studentBody({ dni: "11111111h", firstName: "Otra" }));
    expect(dupDni.status).toBe(409);
    expect(dupDni.json).toEqual({ error: "DUPLICATE_DNI", message: "Ya existe un usuario con ese DNI/NIE en la autoescuela" });
    expect(await userRow(w.student.id)).toEqual(before);
    expect(await audits("user.updated")).toHaveLength(0);
    // Keeping one's own username and DNI is not a clash.
    const same = await call(`/administrator/users/${other.id}`, "PUT", { firstName: "Pepe", surname1: "Gil", dni: "11111111H", username: "pepe", kind: "student" });
    expect(same.status).toBe(200);
  });

  it("removing a user's username removes the password and ends the user's open sessions", async () => {
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(200);
    const res = await call(`/administrator/users/${w.student.id}`, "PUT", studentBody({ username: null }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: null, hasPassword: false, isActive: true });
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(401);
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: "12345678Z", password: "secreto123" } });
    expect(login.status).toBe(401);
    // The office cannot remove its own login (it would lock itself out).
    const mine = await call(`/administrator/users/${admin.id}`, "PUT", { firstName: "Ana", surname1: "Torres", dni: "22222222J", username: null, kind: "administrator" });
    expect(mine.status).toBe(422);
    expect(mine.json).toEqual({ error: "VALIDATION_ERROR", message: "No puedes quitar tu propio nombre de usuario" });
    expect((await userRow(admin.id)).username).toBe(admin.username);
  });

  it("does not let an administrator change their own role", async () => {
    const res = await call(`/administrator/users/${admin.id}`, "PUT", { firstName: "Ana", surname1: "Torres", dni: "22222222J", username: admin.username, kind: "instructor" });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "VALIDATION_ERROR", message: "No puedes cambiar tu propio rol" });
    expect((await userRow(admin.id)).roles).toEqual(["ROLE_ADMINISTRADOR"]);
    expect((await call("/administrator/users")).status).toBe(200);
  });

  it("keeps the school's last active administrator: neither deactivated nor demoted", async () => {
    // Through the API the caller is always an active administrator; this is the state a concurrent change can leave:
    // the caller was deactivated a moment ago and the other administrator is the last one.
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Eva" });
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, admin.id));
    await expect(setUserActive(ctx.db, w.tenant, authOf(admin), second.id, false)).rejects.toMatchObject({
      status: 422,
      message: "La autoescuela debe tener al menos un administrador activo",
    });
    await expect(
      updateAdminUser(ctx.db, w.tenant, authOf(admin), second.id, { firstName: "Eva", surname1: "X", surname2: null, dni: "33333333P", email: null, username: second.username, kind: "instructor" }),
    ).rejects.toMatchObject({ status: 422, message: "La autoescuela debe tener al menos un administrador activo" });
    expect(await userRow(second.id)).toMatchObject({ isActive: true, roles: ["ROLE_ADMINISTRADOR"] });
    // With another active administrator, the same changes go through.
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, admin.id));
    const demoted = await call(`/administrator/users/${second.id}`, "PUT", { firstName: "Eva", surname1: "X", dni: "33333333P", username: second.username, kind: "instructor" });
    expect(demoted.status).toBe(200);
    expect(demoted.json.kind).toBe("instructor");
  });

  it("two administrators deactivating or demoting each other at once leave one active administrator", async () => {
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Eva" });
    const secondToken = await tokenFor(second, w.tenant);
    const results = await Promise.all([
      call(`/administrator/users/${second.id}/deactivate`, "POST"),
      call(`/administrator/users/${admin.id}/deactivate`, "POST", undefined, secondToken),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // The loser is refused (422) or, when it starts after the winner's commit, signed out (401); never a 500.
    expect(statuses[0]).toBe(200);
    expect([401, 422]).toContain(statuses[1]);
    const active = await ctx.db.select().from(users).where(and(eq(users.tenantId, w.tenant.id), eq(users.isActive, true)));
    expect(active.filter((u) => u.roles.includes("ROLE_ADMINISTRADOR"))).toHaveLength(1);

    const [winner] = active.filter((u) => u.roles.includes("ROLE_ADMINISTRADOR"));
    const third = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Iván" });
    const winnerToken = winner!.id === admin.id ? adminToken : secondToken;
    const body = (u: TestUser | typeof winner, dni: string) => ({ firstName: "X", surname1: "Y", dni, username: u!.username, kind: "student" });
    const demotions = await Promise.all([
      call(`/administrator/users/${third.id}`, "PUT", body(third, "44444444A"), winnerToken),
      call(`/administrator/users/${winner!.id}`, "PUT", body(winner, "55555555K"), await tokenFor(third, w.tenant)),
    ]);
    expect(demotions.map((r) => r.status).sort()[0]).toBe(200);
    expect(demotions.map((r) => r.status).sort()[1]).toBeGreaterThanOrEqual(400);
    expect(demotions.map((r) => r.status).sort()[1]).toBeLessThan(500);
    const admins = await ctx.db.select().from(users).where(and(eq(users.tenantId, w.tenant.id), eq(users.isActive, true)));
    expect(admins.filter((u) => u.roles.includes("ROLE_ADMINISTRADOR"))).toHaveLength(1);
  });

  it("gives a CAP student a login later, keeping the same user", async () => {
    const cap = await call("/administrator/students/create-cap", "POST", { firstname: "Luis", surname1: "Gil", dni: "22222222J" });
    expect(cap.status).toBeLessThan(300);
    const capId = cap.json.id;
    const noLink = await call(`/administrator/users/${capId}/password-link`, "POST");
    expect(noLink.status).toBe(422);
    const edit = await call(`/administrator/users/${capId}`, "PUT", { firstName: "Luis", surname1: "Gil", dni: "22222222J", username: "luis.gil", kind: "student" });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ id: capId, username: "luis.gil", hasPassword: false });
    const link = await call(`/administrator/users/${capId}/password-link`, "POST");
    expect(link.status).toBe(200);
    expect((await call(`/administrator/students/${capId}`)).status).toBe(200);
    const updated = await audits("user.updated");
    expect(updated[0]!.details).toMatchObject({ changes: { username: { from: null, to: "luis.gil" } } });
  });

  it("sets a password for the user (office reset), ending the user's open sessions, audited", async () => {
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(200);
    const res = await call(`/administrator/users/${w.student.id}/password`, "POST", { password: "cambiada1" });
    expect(res.status).toBe(200);
    const old = await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken });
    expect(old.status).toBe(401);
    expect(old.json.error).toBe("INVALID_TOKEN");
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: w.student.username, password: "cambiada1" } });
    expect(login.status).toBe(200);
    expect(await audits("user.password_set")).toHaveLength(1);
  });

  it("lists with search, role filter and pagination", async () => {
    const page = adminUserPageSchema.parse((await call("/administrator/users?search=luc%C3%ADa&limit=1")).json);
    expect(page.data.map((u) => u.id)).toEqual([w.student.id]);
    const instructors = (await call("/administrator/users?kind=instructor")).json;
    expect(instructors.data.map((u: { id: string }) => u.id)).toEqual([w.instructor.id]);
    const first = adminUserPageSchema.parse((await call("/administrator/users?limit=2")).json);
    const second = adminUserPageSchema.parse((await call(`/administrator/users?limit=2&cursor=${first.nextCursor}`)).json);
    expect([...first.data, ...second.data]).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
  });

  it("answers 404 for another school's user and 403 for other roles", async () => {
    const other = await createBookingWorld(ctx.db);
    for (const [path, method, body] of [
      [`/administrator/users/${other.student.id}`, "PUT", { ...newStudent, username: null, dni: "33333333P" }],
      [`/administrator/users/${other.student.id}/deactivate`, "POST", undefined],
      [`/administrator/users/${other.student.id}/password-link`, "POST", undefined],
      [`/administrator/users/${other.student.id}/password`, "POST", { password: "secreto9" }],
      [`/administrator/users/not-a-uuid`, "GET", undefined],
    ] as const) {
      expect((await call(path, method, body)).status).toBe(404);
    }
    expect((await call("/administrator/users", "GET", undefined, w.instructorToken)).status).toBe(403);
    expect((await call("/administrator/users", "POST", newStudent, w.studentToken)).status).toBe(403);
    expect((await ctx.call("/administrator/users", { host: w.tenant.host })).status).toBe(401);
  });
});
