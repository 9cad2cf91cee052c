import { eq } from "drizzle-orm";
import { users } from "@/server/db/schema/core";
import { DEVICE_COOKIE, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE, SESSION_COOKIE } from "@/lib/session/cookie-names";
import { solveChallenge } from "@/lib/session/proof-of-work";
import { THROTTLE } from "@/server/modules/auth/login-throttle";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, type TestTenant, type TestUser } from "@/tests/fixtures/factories";

// The BFF (handleBff) in front of the real API in process, on a real database. Stubbed at their module boundaries:
// Next's cookie jar (next/headers) by a map, and the API app (server/app) by this file's app, whose requests are
// recorded so that the headers the BFF sends can be checked.
type Jar = Map<string, { value: string; options?: Record<string, unknown> }>;
const mockJar: Jar = new Map();
const mockApi: { fetch: (request: Request) => Promise<Response> } = { fetch: async () => new Response(null, { status: 500 }) };

jest.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (mockJar.has(name) ? { name, value: mockJar.get(name)!.value } : undefined),
    has: (name: string) => mockJar.has(name),
    set: (name: string, value: string, options?: Record<string, unknown>) => mockJar.set(name, { value, options }),
    delete: (name: string) => mockJar.delete(name),
  }),
}));
jest.mock("@/server/app", () => ({ ...jest.requireActual("@/server/app"), getApp: () => mockApi }));

let ctx: ApiContext;
let handleBff: (request: Request) => Promise<Response>;
let tenant: TestTenant;
let admin: TestUser;
let student: TestUser;
const sent: { path: string; headers: Headers }[] = [];

beforeAll(async () => {
  ctx = await createApiContext();
  mockApi.fetch = async (request) => {
    sent.push({ path: new URL(request.url).pathname, headers: new Headers(request.headers) });
    return ctx.app.fetch(request);
  };
  ({ handleBff } = await import("./handler"));
  tenant = await createTenant(ctx.db);
  admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  student = await createUser(ctx.db, tenant);
});
afterAll(() => ctx.close());
beforeEach(() => {
  mockJar.clear();
  sent.length = 0;
});

// A call from our own page (Origin of the school's host), as the browser makes it.
function bff(path: string, { method = "GET", body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const origin: Record<string, string> = method === "GET" ? {} : { origin: `http://${tenant.host}` };
  return handleBff(
    new Request(`http://${tenant.host}${path}`, {
      method,
      headers: { host: tenant.host, ...origin, ...(body ? { "content-type": "application/json" } : ({} as Record<string, string>)), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
}
const lastSent = (path: string) => [...sent].reverse().find((r) => r.path === path)!;
const signIn = (user: TestUser, headers: Record<string, string> = {}) =>
  bff("/api/login", { method: "POST", body: { username: user.username, password: user.password }, headers });

describe("sign-in through the BFF and the device cookie", () => {
  it("keeps the token in an httpOnly cookie and remembers the device in another, sent to the API at the next sign-in only", async () => {
    const first = await signIn(student, { "x-device-token": "chosen-by-the-page" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true });
    expect(lastSent("/api/login").headers.get("x-device-token")).toBeNull();
    expect(mockJar.get(SESSION_COOKIE)?.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    const device = mockJar.get(DEVICE_COOKIE)!;
    expect(device.options).toMatchObject({ httpOnly: true, sameSite: "strict", path: "/api/login", maxAge: 180 * 24 * 3600 });

    await bff("/api/me");
    expect(lastSent("/api/me").headers.get("x-device-token")).toBeNull();
    // Signing out ends the session, not the device.
    expect((await bff("/api/logout", { method: "POST" })).status).toBe(200);
    expect(mockJar.has(SESSION_COOKIE)).toBe(false);
    expect(mockJar.get(DEVICE_COOKIE)?.value).toBe(device.value);
    expect((await signIn(student)).status).toBe(200);
    expect(lastSent("/api/login").headers.get("x-device-token")).toBe(device.value);
  });

  it("sets no cookie on a failed sign-in and relays the API's refusal", async () => {
    const res = await bff("/api/login", { method: "POST", body: { username: student.username, password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("INVALID_CREDENTIALS");
    expect([...mockJar.keys()]).toEqual([]);
  });
});

describe("sign-in under back-off, through the BFF", () => {
  it("relays the back-off's challenge and Retry-After, and tells the browser the failed attempts after a success", async () => {
    const user = await createUser(ctx.db, tenant);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await bff("/api/login", { method: "POST", body: { username: user.username, password: "wrong-password" } })).status).toBe(401);
    }
    const refused = await signIn(user);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const { challenge } = await refused.json();
    expect(challenge).toMatchObject({ token: expect.any(String), prefix: expect.any(String), bits: expect.any(Number) });
    const solution = await solveChallenge(challenge.prefix, challenge.bits);
    const inside = await bff("/api/login", { method: "POST", body: { username: user.username, password: user.password, challenge: challenge.token, solution } });
    expect(inside.status).toBe(200);
    expect(await inside.json()).toEqual({ success: true, failedAttempts: THROTTLE.perAccount });
    expect(mockJar.has(SESSION_COOKIE)).toBe(true);
    // Told once: the next sign-in has nothing to tell.
    expect(await (await signIn(user)).json()).toEqual({ success: true });
  });
});

describe("public calls", () => {
  it("never carry the session's bearer token, while the others do", async () => {
    expect((await signIn(admin)).status).toBe(200);
    expect((await bff("/api/me")).status).toBe(200);
    expect(lastSent("/api/me").headers.get("authorization")).toMatch(/^Bearer ey/);
    for (const path of ["/api/info", "/api/manifest", "/api/calendar/feed.ics"]) {
      await bff(path);
      expect(lastSent(path).headers.get("authorization")).toBeNull();
    }
    await signIn(admin);
    expect(lastSent("/api/login").headers.get("authorization")).toBeNull();
  });
});

describe("leaving an impersonation", () => {
  it("works after the impersonated user was deactivated: the pair goes, the administrator's session stays", async () => {
    const target = await createUser(ctx.db, tenant);
    expect((await signIn(admin)).status).toBe(200);
    expect((await bff(`/api/auth/impersonate/${target.id}`, { method: "POST" })).status).toBe(200);
    expect(mockJar.has(IMPERSONATION_HP_COOKIE) && mockJar.has(IMPERSONATION_S_COOKIE)).toBe(true);
    expect((await (await bff("/api/me")).json()).uuid).toBe(target.id);

    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, target.id));
    expect((await bff("/api/me")).status).toBe(401);
    const exit = await bff("/api/auth/exit-impersonation", { method: "POST" });
    expect(lastSent("/api/auth/exit-impersonation").headers.get("authorization")).toMatch(/^Bearer /);
    expect(exit.status).toBe(200);
    expect(await exit.json()).toEqual({ success: true });
    expect(mockJar.has(IMPERSONATION_HP_COOKIE) || mockJar.has(IMPERSONATION_S_COOKIE)).toBe(false);
    expect(mockJar.has(SESSION_COOKIE)).toBe(true);
    const me = await bff("/api/me");
    expect(me.status).toBe(200);
    expect((await me.json()).uuid).toBe(admin.id);
  });
});

describe("the request id", () => {
  it("is accepted from the caller, sent to the API and returned on the answer", async () => {
    const res = await bff("/api/info", { headers: { "x-request-id": "lb-1234" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("lb-1234");
    expect(lastSent("/api/info").headers.get("x-request-id")).toBe("lb-1234");
  });

  it("is created when missing and the same for the browser and the API", async () => {
    const res = await bff("/api/me");
    expect(res.status).toBe(401);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastSent("/api/me").headers.get("x-request-id")).toBe(id);
  });

  it("is on the BFF's own answers: sign-in, sign-out, session, the origin check's 403", async () => {
    const answers = [
      await signIn(student),
      await bff("/api/session"),
      await bff("/api/logout", { method: "POST" }),
      await bff("/api/student/reservations", { method: "POST", body: {}, headers: { origin: "https://evil.example" } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 403]);
    for (const answer of answers) expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(answers.map((a) => a.headers.get("x-request-id"))).size).toBe(answers.length);
  });

  it("is on the 502 the BFF answers when the API cannot be reached", async () => {
    const working = mockApi.fetch;
    mockApi.fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const log = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const res = await bff("/api/info", { headers: { "x-request-id": "lb-down" } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: "API_UNAVAILABLE", message: "El servidor no está disponible. Inténtalo de nuevo más tarde." });
      expect(res.headers.get("x-request-id")).toBe("lb-down");
      expect(String(log.mock.calls[0]?.[0])).toContain("requestId=lb-down");
    } finally {
      log.mockRestore();
      mockApi.fetch = working;
    }
  });
});
