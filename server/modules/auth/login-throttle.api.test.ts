import { eq } from "drizzle-orm";
import { authThrottle } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, type TestTenant } from "@/tests/fixtures/factories";
import { THROTTLE, backoffMs } from "./login-throttle";

// Issue 12 (medium): the throttle was keyed on what was typed, trusted any forwarded address and locked the
// rightful user out. Now: one counter per resolved user, back-off instead of a lock, the user's devices unaffected
// (the device cookie: auth.api.test.ts "login back-off and the device cookie").
let ctx: ApiContext;
let tenant: TestTenant;

beforeAll(async () => {
  ctx = await createApiContext();
  tenant = await createTenant(ctx.db);
});
afterAll(() => ctx.close());

const login = (username: string, password: string, ip: string, deviceToken?: string) =>
  ctx.call("/login", { method: "POST", host: tenant.host, headers: { "x-client-ip": ip, ...(deviceToken ? { "x-device-token": deviceToken } : {}) }, body: { username, password } });
const fail = async (username: string, ip: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(username, "wrong-password", ip)).status).toBe(401);
};
const dniOf = (n: number) => `${String(n).padStart(8, "0")}${"TRWAGMYFPDXBNJZSQVHLCKE"[n % 23]}`;

describe("login throttling", () => {
  it("shares one counter between the username and the DNI of the same user", async () => {
    const user = await createUser(ctx.db, tenant, { dni: dniOf(Date.now() % 1e8) });
    await fail(user.username!, "198.51.100.1", THROTTLE.perAccount);
    const byDni = await login(user.dni!, user.password, "198.51.100.1");
    expect(byDni.status).toBe(429);
    expect(byDni.json.error).toBe("TOO_MANY_ATTEMPTS");
  });

  it("keeps a clean address without a device cookie under the account back-off, and doubles it per failure", async () => {
    // Addresses are cheap to rotate (a botnet): only the device cookie tells the rightful user's client apart.
    const user = await createUser(ctx.db, tenant);
    const device = (await login(user.username!, user.password, "198.51.100.3")).json.deviceToken as string;
    await fail(user.username!, "198.51.100.2", THROTTLE.perAccount);
    const attacker = await login(user.username!, user.password, "198.51.100.2");
    expect(attacker.status).toBe(429);
    expect(attacker.json.retryAfterSeconds).toBeLessThanOrEqual(backoffMs(THROTTLE.perAccount, THROTTLE.perAccount) / 1000);
    expect((await login(user.username!, user.password, "198.51.100.3")).status).toBe(429);
    // The rightful user's device, from any network, signs in.
    expect((await login(user.username!, user.password, "198.51.100.4", device)).status).toBe(200);
    // A further wrong password (the back-off refuses before checking it) does not shorten the wait; once it has
    // passed, a new failure doubles it.
    await ctx.db.update(authThrottle).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(authThrottle.key, `${tenant.id}:user:${user.id}`));
    await fail(user.username!, "198.51.100.5", 1);
    const after = await login(user.username!, user.password, "198.51.100.5");
    expect(after.status).toBe(429);
    expect(after.json.retryAfterSeconds).toBeGreaterThan(backoffMs(THROTTLE.perAccount, THROTTLE.perAccount) / 1000);
  });

  it("is a back-off, not a lock: once it has passed, the right password works from the same client", async () => {
    const user = await createUser(ctx.db, tenant);
    await fail(user.username!, "198.51.100.5", THROTTLE.perAccount);
    expect((await login(user.username!, user.password, "198.51.100.5")).status).toBe(429);
    await ctx.db.update(authThrottle).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(authThrottle.key, `${tenant.id}:user:${user.id}`));
    expect((await login(user.username!, user.password, "198.51.100.5")).status).toBe(200);
  });

  it("computes the back-off: 30 s at the limit, doubling, at most 15 minutes", () => {
    expect(backoffMs(5, 5)).toBe(30_000);
    expect(backoffMs(6, 5)).toBe(60_000);
    expect(backoffMs(50, 5)).toBe(15 * 60_000);
  });
});
