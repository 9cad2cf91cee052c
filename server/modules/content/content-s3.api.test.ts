import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { startLocalS3, type LocalS3 } from "@/tests/fixtures/s3-server";

// The content library on an S3-compatible bucket (STORAGE_URL): uploads land in the bucket, students read ranges from
// it, a refused upload leaves nothing, a deleted item's file goes. The same API as on the local folder.
jest.setTimeout(120_000);

let s3: LocalS3;
let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;

beforeAll(async () => {
  s3 = await startLocalS3("volante-content", "files");
  process.env.STORAGE_URL = s3.url;
  process.env.STORAGE_CACHE_DIR = mkdtempSync(path.join(os.tmpdir(), "volante-content-cache-"));
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  adminToken = await tokenFor(admin, w.tenant);
});
afterAll(async () => {
  await ctx.close();
  delete process.env.STORAGE_URL;
  rmSync(process.env.STORAGE_CACHE_DIR!, { recursive: true, force: true });
  delete process.env.STORAGE_CACHE_DIR;
  await s3.stop();
});

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(3000, 7)]);

async function upload(body: Buffer, type = "video") {
  const params = new URLSearchParams({ licenseId: w.license.id, type, name: "Clase 1" });
  const res = await ctx.app.request(`/api/administrator/content/upload?${params}`, {
    method: "POST",
    headers: { "x-tenant-host": w.tenant.host, authorization: `Bearer ${adminToken}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

it("stores the upload in the bucket and streams byte ranges of it to the student", async () => {
  const vid = await upload(mp4);
  expect(vid.status).toBe(201);
  expect(await s3.keys(`files/${w.tenant.id}/`)).toHaveLength(1);
  const part = await ctx.app.request(`/api/student/content/${vid.json.id}/file`, {
    headers: { "x-tenant-host": w.tenant.host, authorization: `Bearer ${w.studentToken}`, range: "bytes=4-11" },
  });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 4-11/${mp4.length}`);
  expect(Buffer.from(await part.arrayBuffer()).toString()).toBe("ftypisom");
  const whole = await ctx.call(`/student/content/${vid.json.id}/file`, { host: w.tenant.host, token: w.studentToken });
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-length")).toBe(String(mp4.length));

  expect((await ctx.call(`/administrator/content/${vid.json.id}`, { method: "DELETE", host: w.tenant.host, token: adminToken })).status).toBe(204);
  expect(await s3.keys(`files/${w.tenant.id}/`)).toEqual([]);
});

it("refuses a file that is not what it says and leaves nothing in the bucket", async () => {
  const refused = await upload(Buffer.from("MZ" + "x".repeat(5000)), "document");
  expect(refused.status).toBe(422);
  expect(await s3.keys(`files/${w.tenant.id}/`)).toEqual([]);
});
