import { and, eq } from "drizzle-orm";
import { auditLog, users } from "@/server/db/schema/core";
import { passwordSetupTokens } from "@/server/db/schema/backoffice";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";

jest.setTimeout(90_000);

let ctx: ApiContext;
let tenant: TestTenant;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  tenant = await createTenant(ctx.db);
  admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  adminToken = await tokenFor(admin, tenant);
});
afterAll(() => ctx.close());

const call = (path: string, body: unknown = {}) => ctx.call(path, { method: "POST", host: tenant.host, token: adminToken, body });
const login = (username: string, password: string) => ctx.call("/login", { method: "POST", host: tenant.host, body: { username, password } });
const audits = (action: string) => ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.action, action)));
const REFUSAL = { error: "FORBIDDEN", message: "No puedes establecer la contraseña de un administrador: cada administrador cambia la suya" };

describe("the office and administrators' passwords", () => {
  it.each(["ROLE_ADMINISTRADOR", "ROLE_ADMINISTRATOR", "ROLE_SUPERADMIN"])(
    "refuses to set a password for, or make a link for, a peer with %s (403, audited), who keeps their own",
    async (role) => {
      const peer = await createUser(ctx.db, tenant, { roles: [role], password: "clave-del-compañero" });
      const set = await call(`/administrator/users/${peer.id}/password`, { password: "la-mia-para-entrar" });
      expect(set.status).toBe(403);
      expect(set.json).toEqual(REFUSAL);
      const link = await call(`/administrator/users/${peer.id}/password-link`);
      expect(link.status).toBe(403);
      expect(link.json).toEqual(REFUSAL);

      expect((await login(peer.username!, "la-mia-para-entrar")).status).toBe(401);
      expect((await login(peer.username!, "clave-del-compañero")).status).toBe(200);
      expect(await ctx.db.select().from(passwordSetupTokens).where(eq(passwordSetupTokens.userId, peer.id))).toHaveLength(0);
      const refused = await audits("user.admin_password_refused");
      expect(refused.map((a) => [a.actorId, a.targetId, (a.details as { attempted: string }).attempted]).sort()).toEqual([
        [admin.id, peer.id, "password"],
        [admin.id, peer.id, "password_link"],
      ]);
      expect(await audits("user.password_set")).toHaveLength(0);
      expect(await audits("user.password_link_created")).toHaveLength(0);
    },
  );

  it("refuses it for the administrator's own account too: they change it with their current password", async () => {
    expect((await call(`/administrator/users/${admin.id}/password`, { password: "otra-clave-larga" })).status).toBe(403);
    expect((await call(`/administrator/users/${admin.id}/password-link`)).status).toBe(403);
    expect((await login(admin.username!, "secreto123")).status).toBe(200);
  });

  it("applies the password rule to a student's new password, and to a first password at creation", async () => {
    const student = await createUser(ctx.db, tenant);
    const short = await call(`/administrator/users/${student.id}/password`, { password: "corta12" });
    expect(short.status).toBe(422);
    expect(short.json.message).toBe("La contraseña debe tener al menos 8 caracteres");
    const common = await call(`/administrator/users/${student.id}/password`, { password: "QWERTYUIOP" });
    expect(common.status).toBe(422);
    expect(common.json).toEqual({ error: "WEAK_PASSWORD", message: "Esta contraseña es demasiado común. Elige otra." });
    expect((await login(student.username!, "secreto123")).status).toBe(200);
    expect((await call(`/administrator/users/${student.id}/password`, { password: "clave-nueva-9" })).status).toBe(200);

    const person = { firstName: "Rosa", surname1: "Gil", dni: "12345678Z", username: "rosa.gil", access: "password" };
    const adminShort = await call("/administrator/users", { ...person, kind: "administrator", password: "once-letras" });
    expect(adminShort.json).toEqual({ error: "WEAK_PASSWORD", message: "La contraseña de un administrador debe tener al menos 12 caracteres" });
    expect(await ctx.db.select().from(users).where(and(eq(users.tenantId, tenant.id), eq(users.username, "rosa.gil")))).toHaveLength(0);
    expect((await call("/administrator/users", { ...person, kind: "student", password: "once-letras" })).status).toBe(201);
  });
});
