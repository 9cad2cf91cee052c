import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant } from "@/tests/fixtures/factories";

jest.setTimeout(90_000);

let ctx: ApiContext;
let tenant: TestTenant;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
});
afterAll(() => ctx.close());

const login = (username: string, password: string) => ctx.call("/login", { method: "POST", host: tenant.host, body: { username, password } });

// 'Cambiar contraseña': the rule of server/modules/auth/password-policy.ts; the login itself keeps the spec's 6.
describe("POST /api/auth/change-password and the password rule", () => {
  it.each([
    [["ROLE_ALUMNO"], "corta12", "VALIDATION_ERROR", "La contraseña debe tener al menos 8 caracteres"],
    [["ROLE_INSTRUCTOR"], "Password1", "WEAK_PASSWORD", "Esta contraseña es demasiado común. Elige otra."],
    [["ROLE_ALUMNO"], "ILOVEYOU", "WEAK_PASSWORD", "Esta contraseña es demasiado común. Elige otra."],
    [["ROLE_ADMINISTRADOR"], "once-letras", "WEAK_PASSWORD", "La contraseña de un administrador debe tener al menos 12 caracteres"],
  ])("refuses for %j the new password %s (%s), keeping the old one", async (roles, newPassword, error, message) => {
    const user = await createUser(ctx.db, tenant, { roles, password: "original1" });
    const token = await tokenFor(user, tenant);
    const res = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token, body: { currentPassword: "original1", newPassword } });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error, message });
    expect((await login(user.username!, "original1")).status).toBe(200);
  });

  it("accepts 8 characters from a student and 12 from an administrator; the login still takes an old 6-character one", async () => {
    for (const [roles, newPassword] of [[["ROLE_ALUMNO"], "ocho-car"], [["ROLE_SUPERADMIN"], "doce-letras-"]] as const) {
      const user = await createUser(ctx.db, tenant, { roles: [...roles], password: "seis66" });
      expect((await login(user.username!, "seis66")).status).toBe(200);
      const token = await tokenFor(user, tenant);
      const res = await ctx.call("/auth/change-password", { method: "POST", host: tenant.host, token, body: { currentPassword: "seis66", newPassword } });
      expect(res.status).toBe(200);
      expect((await login(user.username!, newPassword)).status).toBe(200);
    }
  });
});
