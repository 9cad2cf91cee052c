import { Writable } from "node:stream";
import pino from "pino";
import { sessionBounds } from "@/lib/cap/sessions";
import { createApp } from "@/server/app";
import { TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import {
  createCapStudent,
  createCapWorld,
  createCourse,
  createSection,
  createSession,
  enroll,
  faceDataUrl,
  shiftDate,
  todayIn,
} from "@/tests/fixtures/cap-factories";
import { createUser } from "@/tests/fixtures/factories";
import { liveProof } from "@/tests/fixtures/face-liveness";
import { loadFaceEngine } from "../biometrics/face-engine";

// Captures every line the API logs while a person signs in and an administrator records a face-verified entry.
describe("structured access logs", () => {
  let ctx: ApiContext;
  const lines: string[] = [];
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ctx = await createApiContext();
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    app = createApp({ db: async () => ctx.db, logger: pino({ level: "info" }, sink) });
    await loadFaceEngine();
  }, 60_000);
  afterAll(() => ctx.close());

  const call = async (path: string, host: string, init: { method?: string; body?: unknown; token?: string; requestId?: string } = {}) => {
    const res = await app.request(`/api${path}`, {
      method: init.method ?? "GET",
      headers: {
        [TENANT_HOST_HEADER]: host,
        "content-type": "application/json",
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.requestId ? { "x-request-id": init.requestId } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { res, json: await res.json().catch(() => null) };
  };

  it("writes one JSON line per request with request id, tenant, user, route pattern, status and duration, and no secret", async () => {
    const w = await createCapWorld(ctx.db);
    const password = "ClaveMuySecreta-9931";
    const person = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"], password, dni: "12345678Z" });
    const login = await call("/login", w.tenant.host, { method: "POST", body: { username: person.username, password }, requestId: "req-login-1" });
    expect(login.res.status).toBe(200);
    expect(login.res.headers.get("x-request-id")).toBe("req-login-1");
    const token: string = login.json.token;

    const today = todayIn(w.tenant.timeZone);
    const course = await createCourse(ctx.db, w.tenant, await createSection(ctx.db, w.tenant), { startDate: shiftDate(today, -1), endDate: shiftDate(today, 1) });
    const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Leonard", surname1: "Hofstadter" });
    await enroll(ctx.db, w.tenant, course, [student.id]);
    const bounds = sessionBounds(today, null, w.tenant.timeZone);
    const session = await createSession(ctx.db, w.tenant, course, new Date(bounds.start), new Date(bounds.end), [student.id]);
    // Sheldon's photos: their warped blink reads clearly (see server/modules/cap/attendance.api.test.ts).
    const reference = faceDataUrl("bbt/sheldon_1.jpg");
    expect((await call(`/administrator/students/${student.id}/biometric-reference`, w.tenant.host, { method: "POST", token: w.adminToken, body: { image: reference } })).res.status).toBe(201);
    const target = { capSessionId: session.id, studentId: student.id, type: "in" as const };
    const liveness = await liveProof(ctx, { token: w.adminToken, host: w.tenant.host }, target, "bbt/sheldon_2.jpg");
    const entry = await call("/administrator/cap/cap-attendance/create", w.tenant.host, {
      method: "POST",
      token: w.adminToken,
      body: { ...target, liveness },
    });
    expect(entry.res.status).toBeLessThan(300);

    const parsed = lines.map((l) => JSON.parse(l));
    const loginLine = parsed.find((l) => l.requestId === "req-login-1");
    expect(loginLine).toMatchObject({ tenant: w.tenant.slug, method: "POST", route: "/api/login", status: 200 });
    expect(typeof loginLine.durationMs).toBe("number");
    const captureLine = parsed.find((l) => l.route === "/api/administrator/cap/cap-attendance/create");
    expect(captureLine).toMatchObject({ userId: w.admin.id, status: entry.res.status });
    expect(parsed.find((l) => String(l.route).includes(":id") || String(l.route).includes(":studentId"))).toBeDefined();

    const all = lines.join("\n");
    for (const secret of [password, token, token.split(".")[2], reference.slice(40, 120), liveness.token, liveness.observations[0], "12345678Z", student.id]) {
      expect(all).not.toContain(secret);
    }
  });
});
