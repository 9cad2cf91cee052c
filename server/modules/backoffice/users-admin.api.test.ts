import { and, eq } from "drizzle-orm";
import { adminUserPageSchema, userWithLinkSchema } from "@/lib/contract/backoffice-users";
import { auditLog, users } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(90_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  adminToken = await tokenFor(admin, w.tenant);
});
afterAll(() => ctx.close());

const call = (path: string, method = "GET", body?: unknown, token = adminToken, host = w.tenant.host) =>
  ctx.call(path, { method, body, token, host });
const audits = async (action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, action)));
const countUsers = async () => (await ctx.db.select().from(users).where(eq(users.tenantId, w.tenant.id))).length;

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
    expect((await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken })).status).toBe(200);
    const off = await call(`/administrator/users/${w.student.id}/deactivate`, "POST");
    expect(off.status).toBe(200);
    expect(off.json.isActive).toBe(false);
    const refused = await ctx.call("/student/reservations", { host: w.tenant.host, token: w.studentToken });
    expect(refused.status).toBe(401);
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: w.student.username, password: "secreto123" } });
    expect(login.status).toBe(401);
    const kept = await ctx.db.execute(`select count(*)::int as n from reservations where student_id = '${w.student.id}'` as never);
    expect(JSON.stringify(kept)).toContain('"n":1');
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

  it("sets a password for the user (office reset), audited", async () => {
    const res = await call(`/administrator/users/${w.student.id}/password`, "POST", { password: "cambiada1" });
    expect(res.status).toBe(200);
    const login = await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: w.student.username, password: "cambiada1" } });
    expect(login.status).toBe(200);
    expect(await audits("user.password_set")).toHaveLength(1);
  });

  it("lists with search, role filter and pagination", async () => {
    const page = adminUserPageSchema.parse((await call("/administrator/users?search=luc%C3%ADa&limit=1")).json);
    expect(page.data.map((u) => u.id)).toEqual([w.student.id]);
    const instructors = (await call("/administrator/users?kind=instructor")).json;
    expect(instructors.data.map((u: { id: string }) => u.id)).toEqual([w.instructor.id]);
    const paged = (await call("/administrator/users?limit=2&page=2")).json;
    expect(paged.pagination).toMatchObject({ page: 2, total: 3, hasPreviousPage: true, hasNextPage: false });
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
