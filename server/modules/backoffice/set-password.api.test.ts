import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { userWithLinkSchema } from "@/lib/contract/backoffice-users";
import { auditLog } from "@/server/db/schema/core";
import { passwordSetupTokens } from "@/server/db/schema/backoffice";
import { hashPassword } from "@/server/modules/auth/password";
import { addSchoolAdministrator } from "@/server/modules/tenants/tenant-admin.service";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant } from "@/tests/fixtures/factories";

// Counts the calls to the slow hash while keeping it real.
jest.mock("@/server/modules/auth/password", () => {
  const actual = jest.requireActual("@/server/modules/auth/password");
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashCalls = hashPassword as jest.MockedFunction<typeof hashPassword>;

jest.setTimeout(90_000);

let ctx: ApiContext;
let tenant: TestTenant;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  tenant = await createTenant(ctx.db);
  const admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  adminToken = await tokenFor(admin, tenant);
});
afterAll(() => ctx.close());

const setPassword = (token: string, password: string) => ctx.call("/auth/set-password", { method: "POST", host: tenant.host, body: { token, password } });
const login = (username: string, password: string) => ctx.call("/login", { method: "POST", host: tenant.host, body: { username, password } });
const newLink = async (username: string, dni = "00000000T") => {
  const body = { firstName: "Marta", surname1: "López", dni, username, kind: "student" };
  return userWithLinkSchema.parse((await ctx.call("/administrator/users", { method: "POST", host: tenant.host, token: adminToken, body })).json).link!;
};
const randomToken = () => crypto.randomBytes(32).toString("base64url");

describe("POST /api/auth/set-password", () => {
  it("answers a made-up, used or expired link before hashing anything", async () => {
    const link = await newLink("marta.lopez");
    expect((await setPassword(link.token, "nueva-clave-1")).status).toBe(200);
    const expired = await newLink("otra.persona", "00000001R");
    await ctx.db.update(passwordSetupTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordSetupTokens.tenantId, tenant.id));

    hashCalls.mockClear();
    for (const token of [randomToken(), link.token, expired.token]) {
      const res = await setPassword(token, "nueva-clave-1");
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: "INVALID_SET_PASSWORD_TOKEN", message: "El enlace no es válido o ha caducado. Pide uno nuevo en la autoescuela." });
    }
    expect(hashCalls).not.toHaveBeenCalled();
  });

  it("applies the password rule, and a refused password leaves the link usable", async () => {
    const link = await newLink("marta.lopez");
    hashCalls.mockClear();
    const short = await setPassword(link.token, "corta12");
    expect(short.status).toBe(422);
    expect(short.json.message).toBe("La contraseña debe tener al menos 8 caracteres");
    const common = await setPassword(link.token, "Password1");
    expect(common.json).toEqual({ error: "WEAK_PASSWORD", message: "Esta contraseña es demasiado común. Elige otra." });
    expect(hashCalls).not.toHaveBeenCalled();
    expect((await setPassword(link.token, "nueva-clave-1")).status).toBe(200);
    expect((await login("marta.lopez", "nueva-clave-1")).status).toBe(200);
  });

  it("of two uses of one link at once, exactly one sets its password", async () => {
    const link = await newLink("marta.lopez");
    const answers = await Promise.all([setPassword(link.token, "primera-clave"), setPassword(link.token, "segunda-clave")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? "primera-clave" : "segunda-clave";
    const loser = winner === "primera-clave" ? "segunda-clave" : "primera-clave";
    expect((await login("marta.lopez", winner)).status).toBe(200);
    expect((await login("marta.lopez", loser)).status).toBe(401);
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.action, "user.password_set_by_link")));
    expect(audits).toHaveLength(1);
  });

  it("asks an administrator (the command line's first one) for 12 characters", async () => {
    const person = { username: "jefa", dni: "12345678Z", firstName: "Rosa", surname1: "Gil" };
    const { link } = await addSchoolAdministrator(ctx.db, tenant.slug, person);
    const res = await setPassword(link.token, "once-letras");
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "WEAK_PASSWORD", message: "La contraseña de un administrador debe tener al menos 12 caracteres" });
    expect((await setPassword(link.token, "doce-letras-ya")).status).toBe(200);
    expect((await login("jefa", "doce-letras-ya")).status).toBe(200);
  });
});
