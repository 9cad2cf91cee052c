import { createApiContext, type ApiContext } from "@/tests/fixtures/api";

describe("health and readiness probes", () => {
  let ctx: ApiContext;
  beforeAll(async () => {
    ctx = await createApiContext();
  });
  afterAll(() => ctx.close());

  it("answers /api/health without a tenant or a session", async () => {
    const res = await ctx.app.request("/api/health", { headers: { host: "unknown.example" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /api/ready with the database migrated and the face model loaded, and nothing more", async () => {
    const res = await ctx.app.request("/api/ready", { headers: { host: "unknown.example" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", checks: { database: true, migrations: true, faceModel: true } });
  });

  it("answers 503 when the database cannot be reached, without the reason", async () => {
    const { createApp } = await import("@/server/app");
    const broken = createApp({
      db: async () => {
        throw new Error("connect ECONNREFUSED 10.0.0.1:5432 password=secret");
      },
    });
    const res = await broken.request("/api/ready");
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "not-ready", checks: { database: false, migrations: false } });
    expect(text).not.toContain("ECONNREFUSED");
  });
});
