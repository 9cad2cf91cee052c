import { users } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld } from "@/tests/fixtures/reservation-factories";

// Every body but the content upload (which streams with its own per-type limits) stops at 12 MB: a 413 in the API's
// format, read no further, nothing written; with or without a Content-Length header.
jest.setTimeout(60_000);

let ctx: ApiContext;
beforeAll(async () => {
  ctx = await createApiContext();
});
afterAll(() => ctx.close());

const tooLarge = JSON.stringify({ username: "alumno", password: "x".repeat(12 * 1024 * 1024) });

it("answers 413 PAYLOAD_TOO_LARGE to a 12 MB+ JSON body and changes nothing", async () => {
  const w = await createBookingWorld(ctx.db);
  const before = (await ctx.db.select().from(users)).length;
  for (const path of ["/login", "/student/reservations"]) {
    const res = await ctx.call(path, { method: "POST", host: w.tenant.host, token: w.studentToken, rawBody: tooLarge });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: "PAYLOAD_TOO_LARGE", message: "La petición es demasiado grande" });
  }
  expect((await ctx.db.select().from(users)).length).toBe(before);
});

it("also without a Content-Length (a streamed body)", async () => {
  const w = await createBookingWorld(ctx.db);
  const bytes = new TextEncoder().encode(tooLarge);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1024 * 1024) controller.enqueue(bytes.subarray(i, i + 1024 * 1024));
      controller.close();
    },
  });
  const res = await ctx.app.request("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-tenant-host": w.tenant.host },
    body: stream,
    duplex: "half",
  } as RequestInit);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: "PAYLOAD_TOO_LARGE", message: "La petición es demasiado grande" });
});
