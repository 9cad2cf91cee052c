import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { users } from "@/server/db/schema/core";
import { SESSION_COOKIE } from "@/lib/session/cookie-names";
import { sealSession } from "@/lib/session/cookies";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";

// proxy.ts against the real API in process: a session revoked elsewhere (sign-out on another device, password
// change, deactivation) renders no signed-in page, though its cookie is still correctly signed.
const mockApi: { fetch: (request: Request) => Promise<Response> } = { fetch: async () => new Response(null, { status: 500 }) };
jest.mock("@/server/app", () => ({ ...jest.requireActual("@/server/app"), getApp: () => mockApi }));

let ctx: ApiContext;
let tenant: TestTenant;
let student: TestUser;
let proxy: (request: NextRequest) => Promise<Response>;
let forget: () => void;
let calls = 0;

beforeAll(async () => {
  ctx = await createApiContext();
  mockApi.fetch = async (request) => {
    calls++;
    return ctx.app.fetch(request);
  };
  ({ proxy } = await import("@/proxy"));
  ({ forgetSessionChecks: forget } = await import("./session-check"));
  tenant = await createTenant(ctx.db);
  student = await createUser(ctx.db, tenant, { roles: ["ROLE_ALUMNO"] });
});
afterAll(() => ctx.close());
beforeEach(() => forget());

const page = async (path: string, token: string) =>
  proxy(new NextRequest(`http://${tenant.host}${path}`, { headers: { host: tenant.host, cookie: `${SESSION_COOKIE}=${await sealSession({ token })}` } }));
const clearsSession = (res: Response) => (res.headers.get("set-cookie") ?? "").includes(`${SESSION_COOKIE}=;`);

describe("proxy.ts and revoked sessions", () => {
  it("renders a current session's pages, and asks the API at most once in a few seconds", async () => {
    const token = await tokenFor(student, tenant);
    const before = calls;
    const res = await page("/student/reservations", token);
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    await page("/student/reservations", token);
    expect(calls - before).toBe(1);
  });

  it("sends a revoked session to /login and clears its cookies, and shows the login to it instead of bouncing", async () => {
    const token = await tokenFor(student, tenant);
    expect((await page("/student/reservations", token)).status).toBe(200);
    // Signed out on another device: the session version moves on.
    await ctx.db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, student.id));
    forget();
    const res = await page("/student/reservations", token);
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
    expect(clearsSession(res)).toBe(true);
    const login = await page("/login", token);
    expect(login.headers.get("location")).toBeNull();
    expect(clearsSession(login)).toBe(true);
  });

  it("does not sign anyone out when the API cannot answer", async () => {
    const token = await tokenFor(student, tenant);
    const working = mockApi.fetch;
    mockApi.fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const log = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await page("/student/reservations", token)).status).toBe(200);
    } finally {
      log.mockRestore();
      mockApi.fetch = working;
    }
  });
});
