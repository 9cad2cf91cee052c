import pino from "pino";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, type TestTenant } from "@/tests/fixtures/factories";

// Issue 12: `localhost` (and 127.0.0.1, [::1]) fall back to the default school for development; in production that
// fallback would hand any request without a known host to one school. server/env.ts reads NODE_ENV once, when it
// loads, so production mode gets its own fresh copy of the API's modules.
type App = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

async function productionApi(ctx: ApiContext): Promise<App> {
  const env = process.env as Record<string, string | undefined>;
  const previous = env.NODE_ENV;
  env.NODE_ENV = "production";
  // The second copy of the face engine re-registers its global kernels, loudly and harmlessly.
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    let app: App | undefined;
    await jest.isolateModulesAsync(async () => {
      const { createApp } = await import("@/server/app");
      app = createApp({ db: async () => ctx.db, logger: pino({ level: "silent" }) });
    });
    return app!;
  } finally {
    env.NODE_ENV = previous;
    warn.mockRestore();
  }
}

let ctx: ApiContext;
let school: TestTenant;

beforeAll(async () => {
  ctx = await createApiContext();
  school = await createTenant(ctx.db, { isDefault: true });
});
afterAll(() => ctx.close());

const info = (app: App, host: string) => app.request("/api/info", { headers: { "x-tenant-host": host } });

describe("the localhost fallback to the default school", () => {
  it("serves the default school on localhost outside production", async () => {
    for (const host of ["localhost", "127.0.0.1"]) expect((await info(ctx.app, host)).status).toBe(200);
  });

  it("is off in production: localhost is no school, a school's own domain still is", async () => {
    const app = await productionApi(ctx);
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const res = await info(app, host);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "TENANT_NOT_FOUND", message: "Autoescuela no encontrada" });
    }
    const own = await info(app, school.host);
    expect(own.status).toBe(200);
    expect((await own.json()).name).toBe(school.name);
  });
});
