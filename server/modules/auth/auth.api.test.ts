import { tokenClaimsSchema } from "@/lib/contract/auth";
import { verifyDeviceToken } from "@/lib/session/device";
import { verifyToken } from "@/lib/session/token";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { THROTTLE } from "@/server/modules/auth/auth.service";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";

let ctx: ApiContext;
let tenant: TestTenant;
let other: TestTenant;
let student: TestUser;
let instructor: TestUser;
let admin: TestUser;
let otherStudent: TestUser;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
  other = await createTenant(ctx.db);
  student = await createUser(ctx.db, tenant, { roles: ["ROLE_ALUMNO"], dni: `${Date.now() % 1e8}`.padStart(8, "0") + "T" });
  instructor = await createUser(ctx.db, tenant, { roles: ["ROLE_INSTRUCTOR"] });
  admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  otherStudent = await createUser(ctx.db, other, { roles: ["ROLE_ALUMNO"] });
});

afterAll(() => ctx.close());

describe("POST /api/login", () => {
  it("accepts the username, trimmed and case-insensitive, and answers a verifiable token", async () => {
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: `  ${student.username!.toUpperCase()} `, password: student.password } });
    expect(res.status).toBe(200);
    const claims = await verifyToken(res.json.token);
    expect(tokenClaimsSchema.parse(claims)).toMatchObject({ uuid: student.id, roles: ["ROLE_ALUMNO"], tenant: tenant.slug });
    expect(claims!.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("accepts the DNI instead of the username", async () => {
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: student.dni!.toLowerCase(), password: student.password } });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong password with a Spanish message", async () => {
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: instructor.username, password: "incorrecta" } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "INVALID_CREDENTIALS", message: "Usuario o contraseña incorrectos" });
  });

  it("does not let a user of another tenant sign in here", async () => {
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: otherStudent.username, password: otherStudent.password } });
    expect(res.status).toBe(401);
  });

  it("refuses malformed JSON and missing fields with the spec's codes", async () => {
    const bad = await ctx.call("/login", { method: "POST", host: tenant.host, rawBody: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("INVALID_JSON");
    const missing = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: "x" } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("MISSING_REQUIRED_FIELDS");
  });

  it("answers a device token with the session token, for the BFF's device cookie", async () => {
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: instructor.username, password: instructor.password } });
    expect(res.status).toBe(200);
    expect(await verifyDeviceToken(res.json.deviceToken)).toMatchObject({ userId: instructor.id, tenantId: tenant.id });
  });

  it("throttles one address that tries many accounts (a trusted proxy states it), except the user's own device", async () => {
    const headers = { "x-client-ip": "203.0.113.9" };
    const device = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: student.username, password: student.password } });
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await ctx.call("/login", { method: "POST", host: tenant.host, headers, body: { username: `nobody-${i}`, password: "whatever1" } });
    }
    const res = await ctx.call("/login", { method: "POST", host: tenant.host, headers, body: { username: student.username, password: student.password } });
    expect(res.status).toBe(429);
    const elsewhere = await ctx.call("/login", { method: "POST", host: tenant.host, headers: { "x-client-ip": "203.0.113.10" }, body: { username: student.username, password: student.password } });
    expect(elsewhere.status).toBe(200);
    const ownDevice = { ...headers, "x-device-token": device.json.deviceToken };
    expect((await ctx.call("/login", { method: "POST", host: tenant.host, headers: ownDevice, body: { username: student.username, password: student.password } })).status).toBe(200);
  });
});

// Issue 12: with no trusted proxy (the default deployment) every client's address is "unknown", and five failures
// used to lock the rightful user out too. Now the account backs off the clients it does not know, while a device the
// user signed in from (the BFF's device cookie, sent as X-Device-Token) is judged by its own failures only.
describe("login back-off and the device cookie (no trusted proxy)", () => {
  const signIn = (username: string, password: string, deviceToken?: string) =>
    ctx.call("/login", { method: "POST", host: tenant.host, headers: deviceToken ? { "x-device-token": deviceToken } : {}, body: { username, password } });
  const deviceOf = async (user: TestUser) => {
    const res = await ctx.call("/login", { method: "POST", host: user.tenantId === other.id ? other.host : tenant.host, body: { username: user.username, password: user.password } });
    expect(res.status).toBe(200);
    return res.json.deviceToken as string;
  };
  const attack = async (user: TestUser, times = THROTTLE.perAccount, deviceToken?: string) => {
    for (let i = 0; i < times; i++) expect((await signIn(user.username!, "wrong-password", deviceToken)).status).toBe(401);
  };

  it("an attacker's failures back the account off for unknown clients, while the user's own device still signs in", async () => {
    const victim = await createUser(ctx.db, tenant);
    const laptop = await deviceOf(victim);
    await attack(victim);
    const unknown = await signIn(victim.username!, victim.password);
    expect(unknown.status).toBe(429);
    expect(unknown.json.error).toBe("TOO_MANY_ATTEMPTS");
    const own = await signIn(victim.username!, victim.password, laptop);
    expect(own.status).toBe(200);
    expect(await verifyToken(own.json.token)).toMatchObject({ uuid: victim.id });
    // The renewed cookie keeps the device, and keeps working during the back-off.
    expect((await verifyDeviceToken(own.json.deviceToken))?.deviceId).toBe((await verifyDeviceToken(laptop))?.deviceId);
    expect((await signIn(victim.username!, victim.password, own.json.deviceToken)).status).toBe(200);
    expect((await signIn(victim.username!, victim.password)).status).toBe(429);
  });

  it("gives no exemption to the device cookie of another user, of another school, or a forged one", async () => {
    const victim = await createUser(ctx.db, tenant);
    const neighbour = await createUser(ctx.db, tenant);
    const elsewhere = await createUser(ctx.db, other);
    const foreign = [await deviceOf(neighbour), await deviceOf(elsewhere)];
    const own = await deviceOf(victim);
    const [header, , signature] = own.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ sub: victim.id, tid: tenant.id, did: "forged", exp: 4_000_000_000 })).toString("base64url");
    const sessionToken = await tokenFor(victim, tenant);
    await attack(victim);
    for (const deviceToken of [...foreign, `${header}.${forgedPayload}.${signature}`, sessionToken]) {
      const res = await signIn(victim.username!, victim.password, deviceToken);
      expect(res.status).toBe(429);
    }
    expect((await signIn(victim.username!, victim.password, own)).status).toBe(200);
  });

  it("backs off a device that itself fails, and only that device", async () => {
    const user = await createUser(ctx.db, tenant);
    const laptop = await deviceOf(user);
    const phone = await deviceOf(user);
    await attack(user, THROTTLE.perDevice, laptop);
    const refused = await signIn(user.username!, user.password, laptop);
    expect(refused.status).toBe(429);
    expect(refused.json.retryAfterSeconds).toBeGreaterThan(0);
    expect((await signIn(user.username!, user.password, phone)).status).toBe(200);
    expect((await signIn(user.username!, user.password)).status).toBe(200);
  });
});

describe("tenant info and manifest", () => {
  it("answers the tenant of the host", async () => {
    const info = await ctx.call("/info", { host: tenant.host });
    expect(info.status).toBe(200);
    expect(info.json.name).toBe(tenant.name);
    const manifest = await ctx.call("/manifest", { host: other.host });
    expect(manifest.json).toMatchObject({ name: other.name, display: "standalone", start_url: "/" });
    expect(manifest.json.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });

  it("answers 404 for an unknown host", async () => {
    const res = await ctx.call("/info", { host: "unknown.example" });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("TENANT_NOT_FOUND");
  });
});

describe("GET /api/me and tokens", () => {
  it("returns the profile of the token's user", async () => {
    const res = await ctx.call("/me", { host: tenant.host, token: await tokenFor(student, tenant) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ uuid: student.id, username: student.username });
  });

  it("refuses no token, a tampered token and another tenant's token", async () => {
    expect((await ctx.call("/me", { host: tenant.host })).status).toBe(401);
    const token = await tokenFor(student, tenant);
    const tampered = token.slice(0, -3) + (token.endsWith("AAA") ? "BBB" : "AAA");
    expect((await ctx.call("/me", { host: tenant.host, token: tampered })).json.error).toBe("INVALID_TOKEN");
    expect((await ctx.call("/me", { host: other.host, token })).status).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  it("changes the password after checking the current one", async () => {
    const user = await createUser(ctx.db, tenant, { password: "original1" });
    const token = await tokenFor(user, tenant);
    const wrong = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token, body: { currentPassword: "nope-nope", newPassword: "nuevaClave1" } });
    expect(wrong.status).toBe(400);
    const short = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token, body: { currentPassword: "original1", newPassword: "123" } });
    expect(short.status).toBe(422);
    const ok = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token, body: { currentPassword: "original1", newPassword: "nuevaClave1" } });
    expect(ok.status).toBe(200);
    const login = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: user.username, password: "nuevaClave1" } });
    expect(login.status).toBe(200);
    const old = await ctx.call("/login", { method: "POST", host: tenant.host, body: { username: user.username, password: "original1" } });
    expect(old.status).toBe(401);
  });
});

describe("impersonation", () => {
  it("lets an administrator act as a student of the tenant and records start and end", async () => {
    const adminToken = await tokenFor(admin, tenant);
    const res = await ctx.call(`/auth/impersonate/${student.id}`, { method: "POST", host: tenant.host, token: adminToken });
    expect(res.status).toBe(200);
    const claims = await verifyToken(res.json.token);
    expect(claims).toMatchObject({ uuid: student.id, impersonatorId: admin.id });
    const me = await ctx.call("/me", { host: tenant.host, token: res.json.token });
    expect(me.json.uuid).toBe(student.id);
    const exit = await ctx.call("/auth/exit-impersonation", { method: "POST", host: tenant.host, token: res.json.token });
    expect(exit.status).toBe(200);
    const audit = await listAudit(ctx.db, tenant.id);
    const actions = audit.map((a) => [a.action, a.actorId, a.targetId]);
    expect(actions).toEqual(expect.arrayContaining([["impersonation.start", admin.id, student.id], ["impersonation.end", admin.id, student.id]]));
    // The start names the user, so the activity log can say whom the administrator acted as.
    expect(audit.find((a) => a.action === "impersonation.start")?.details).toEqual({ name: `Test ${student.surname1}` });
  });

  it("refuses a user without a login ('Sin acceso'), offers no button for them and records nothing", async () => {
    const noLogin = await createUser(ctx.db, tenant, { roles: ["ROLE_ALUMNO"], username: null, passwordHash: null });
    const adminToken = await tokenFor(admin, tenant);
    const before = (await listAudit(ctx.db, tenant.id, "impersonation.start")).length;
    const res = await ctx.call(`/auth/impersonate/${noLogin.id}`, { method: "POST", host: tenant.host, token: adminToken });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "IMPERSONATION_NOT_ALLOWED", message: "No se puede actuar como este usuario" });
    expect(await listAudit(ctx.db, tenant.id, "impersonation.start")).toHaveLength(before);
    const shown = await ctx.call(`/administrator/users/${noLogin.id}`, { host: tenant.host, token: adminToken });
    expect(shown.json).toMatchObject({ username: null, canImpersonate: false });
  });

  it("refuses non-administrators (403), administrators as targets (403) and other tenants' users (404)", async () => {
    const studentToken = await tokenFor(student, tenant);
    expect((await ctx.call(`/auth/impersonate/${instructor.id}`, { method: "POST", host: tenant.host, token: studentToken })).status).toBe(403);
    const adminToken = await tokenFor(admin, tenant);
    const otherAdmin = await createUser(ctx.db, tenant, { roles: ["ROLE_SUPERADMIN"] });
    expect((await ctx.call(`/auth/impersonate/${otherAdmin.id}`, { method: "POST", host: tenant.host, token: adminToken })).status).toBe(403);
    expect((await ctx.call(`/auth/impersonate/${otherStudent.id}`, { method: "POST", host: tenant.host, token: adminToken })).status).toBe(404);
    expect((await ctx.call(`/auth/impersonate/not-a-uuid`, { method: "POST", host: tenant.host, token: adminToken })).status).toBe(404);
  });

  it("refuses exit without impersonation", async () => {
    const res = await ctx.call("/auth/exit-impersonation", { method: "POST", host: tenant.host, token: await tokenFor(student, tenant) });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("NOT_IMPERSONATING");
  });

  it("lists the tenant's users for administrators only", async () => {
    const res = await ctx.call("/administrator/users", { host: tenant.host, token: await tokenFor(admin, tenant) });
    expect(res.status).toBe(200);
    const ids = res.json.data.map((u: { id: string }) => u.id);
    expect(ids).toContain(student.id);
    expect(ids).not.toContain(otherStudent.id);
    expect(res.json.data.find((u: { id: string }) => u.id === student.id).canImpersonate).toBe(true);
    expect(res.json.data.find((u: { id: string }) => u.id === admin.id).canImpersonate).toBe(false);
    expect((await ctx.call("/administrator/users", { host: tenant.host, token: await tokenFor(instructor, tenant) })).status).toBe(403);
  });
});

describe("unknown routes", () => {
  it("answer a JSON 404", async () => {
    const res = await ctx.call("/nope", { host: tenant.host });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("NOT_FOUND");
  });
});
