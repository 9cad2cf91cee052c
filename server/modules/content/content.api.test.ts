import { mkdtempSync, readdirSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { adminContentItemSchema, adminContentListSchema, studentContentSchema } from "@/lib/contract/content";
import { TOO_LARGE_MESSAGE } from "@/lib/contract/constants/content";
import { auditLog } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { addStudent, assign, createBookingWorld, createLicense, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "volante-content-"));
process.env.DATA_DIR = dataDir;

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  adminToken = await tokenFor(admin, w.tenant);
  adminId = admin.id;
});
afterAll(() => ctx.close());

const pdf = Buffer.from("%PDF-1.4\n" + "x".repeat(2000) + "\n%%EOF\n");
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(3000, 7)]);

async function upload(body: Buffer, q: Record<string, string>, token = adminToken, host = w.tenant.host) {
  const params = new URLSearchParams({ licenseId: w.license.id, type: "document", name: "Temario", ...q });
  const res = await ctx.app.request(`/api/administrator/content/upload?${params}`, {
    method: "POST",
    headers: { "x-tenant-host": host, authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
const audits = async () =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, w.tenant.id)).orderBy(auditLog.id)).filter((a) => a.action.startsWith("content."));
const admin = (p: string, method = "GET", body?: unknown, token = adminToken, host = w.tenant.host) => ctx.call(p, { method, host, token, body });
const storedFiles = () => {
  const dir = path.join(dataDir, "content", w.tenant.id);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const get = (p: string, token = w.studentToken, headers: Record<string, string> = {}, host = w.tenant.host) =>
  ctx.call(p, { host, token, headers });

describe("upload validation", () => {
  it("stores a real PDF and a real MP4 under the tenant", async () => {
    const doc = await upload(pdf, {});
    expect(doc.status).toBe(201);
    expect(adminContentItemSchema.parse(doc.json)).toMatchObject({ type: "document", name: "Temario", sizeBytes: pdf.length });
    const vid = await upload(mp4, { type: "video", name: "Clase 1" });
    expect(vid.status).toBe(201);
    expect(storedFiles()).toHaveLength(2);
  });

  it.each([
    ["a renamed .exe as PDF", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(500, 1)]), "document", 422],
    ["a PDF declared as video", pdf, "video", 422],
    ["an empty file", Buffer.alloc(0), "document", 422],
    ["an oversize PDF", Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(50 * 1024 * 1024 + 1, 0x20)]), "document", 413],
  ])("refuses %s with nothing stored", async (_label, body, type, status) => {
    const res = await upload(body as Buffer, { type: type as string });
    expect(res.status).toBe(status);
    expect(typeof res.json.message).toBe("string");
    // The form checks the size before sending with the very same words (add-content-form.tsx).
    if (status === 413) expect(res.json).toEqual({ error: "PAYLOAD_TOO_LARGE", message: TOO_LARGE_MESSAGE.document });
    expect(storedFiles()).toHaveLength(0);
    expect((await ctx.call("/administrator/content", { host: w.tenant.host, token: adminToken })).json).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it("refuses another tenant's licence, bad input and the wrong role", async () => {
    const other = await createBookingWorld(ctx.db);
    expect((await upload(pdf, { licenseId: other.license.id })).status).toBe(404);
    expect((await upload(pdf, { name: "" })).status).toBe(422);
    expect((await upload(pdf, {}, w.studentToken)).status).toBe(403);
    expect((await upload(pdf, {}, w.instructorToken)).status).toBe(403);
    expect(storedFiles()).toHaveLength(0);
  });
});

describe("student access matrix", () => {
  it("shows items only to students of the licence, and of the tenant", async () => {
    const doc = (await upload(pdf, {})).json;
    const link = await ctx.call("/administrator/content/iframes", {
      method: "POST", host: w.tenant.host, token: adminToken, body: { licenseId: w.license.id, name: "Test DGT", url: "https://example.com/test" },
    });
    expect(link.status).toBe(201);
    const list = studentContentSchema.parse((await get("/student/content")).json);
    expect(list.viewer).toEqual({ name: "Lucía Martín", dni: "12345678Z" });
    expect(list.licenses).toHaveLength(1);
    expect(list.licenses[0]).toMatchObject({ licenseId: w.license.id, licenseName: "B", videos: [] });
    expect(list.licenses[0].documents).toEqual([{ id: doc.id, name: "Temario", type: "document", url: `/api/student/content/${doc.id}/file` }]);
    expect(list.licenses[0].iframes[0]).toMatchObject({ name: "Test DGT", url: "https://example.com/test" });
    expect((await get(`/student/content/${doc.id}`)).status).toBe(200);
    expect((await get(`/student/content/${doc.id}/file`)).status).toBe(200);

    // Same school, another licence.
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    const otherStudent = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    await assign(ctx.db, w.tenant, otherStudent, w.instructor, a2);
    const otherToken = await tokenFor(otherStudent, w.tenant);
    expect((await get("/student/content", otherToken)).json.licenses[0]).toMatchObject({ licenseName: "A2", documents: [] });
    expect((await get(`/student/content/${doc.id}`, otherToken)).status).toBe(404);
    expect((await get(`/student/content/${doc.id}/file`, otherToken)).status).toBe(404);
    // Same licence: allowed.
    const same = await addStudent(ctx.db, w);
    expect((await get(`/student/content/${doc.id}/file`, same.token)).status).toBe(200);
    // Another school.
    const school = await createBookingWorld(ctx.db);
    expect((await get(`/student/content/${doc.id}`, school.studentToken, {}, school.tenant.host)).status).toBe(404);
    expect((await get(`/student/content/${doc.id}/file`, school.studentToken, {}, school.tenant.host)).status).toBe(404);
    // Roles.
    expect((await get("/student/content", w.instructorToken)).status).toBe(403);
    expect((await get(`/student/content/${doc.id}/file`, w.instructorToken)).status).toBe(403);
    expect((await get(`/student/content/${doc.id}/file`, adminToken)).status).toBe(403);
    expect((await get("/student/content/not-a-uuid")).status).toBe(404);
    expect((await get(`/student/content/${doc.id}/file`, "")).status).toBe(401);
  });

  it("answers byte ranges with 206 and private caching", async () => {
    const vid = (await upload(mp4, { type: "video", name: "Clase" })).json;
    const whole = await get(`/student/content/${vid.id}/file`);
    expect(whole.headers.get("cache-control")).toContain("private");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    const part = await ctx.app.request(`/api/student/content/${vid.id}/file`, {
      headers: { "x-tenant-host": w.tenant.host, authorization: `Bearer ${w.studentToken}`, range: "bytes=4-11" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.headers.get("content-length")).toBe("8");
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe("ftypisom");
    const tail = await ctx.app.request(`/api/student/content/${vid.id}/file`, {
      headers: { "x-tenant-host": w.tenant.host, authorization: `Bearer ${w.studentToken}`, range: "bytes=-5" },
    });
    expect(tail.status).toBe(206);
    expect([...Buffer.from(await tail.arrayBuffer())]).toEqual([7, 7, 7, 7, 7]);
    const bad = await get(`/student/content/${vid.id}/file`, w.studentToken, { range: `bytes=${mp4.length + 10}-` });
    expect(bad.status).toBe(416);
  });
});

describe("administrator library", () => {
  it("renames, reorders and removes (file deleted), and keeps other schools out", async () => {
    const doc = (await upload(pdf, {})).json;
    expect((await admin(`/administrator/content/${doc.id}`, "PATCH", { name: "Temario 2026", position: 5 })).json).toMatchObject({ name: "Temario 2026", position: 5 });
    expect((await admin(`/administrator/content/${doc.id}`, "PATCH", { name: " " })).status).toBe(422);
    expect((await admin(`/administrator/content/${doc.id}`, "PATCH", {})).json).toMatchObject({ name: "Temario 2026", position: 5 });
    const school = await createBookingWorld(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    expect((await admin(`/administrator/content/${doc.id}`, "DELETE", undefined, otherAdmin, school.tenant.host)).status).toBe(404);
    expect((await admin(`/administrator/content/${doc.id}`, "DELETE", undefined, w.studentToken)).status).toBe(403);
    expect((await admin(`/administrator/content/${doc.id}`, "DELETE")).status).toBe(204);
    expect(storedFiles()).toHaveLength(0);
    expect((await admin("/administrator/content/iframes", "POST", { licenseId: w.license.id, name: "X", url: "javascript:alert(1)" })).status).toBe(422);
  });

  it("audits every change of the library: upload, link, rename, move and delete, with who did it", async () => {
    const doc = (await upload(pdf, {})).json;
    const link = (await admin("/administrator/content/iframes", "POST", { licenseId: w.license.id, name: "Test DGT", url: "https://example.com/t" })).json;
    await admin(`/administrator/content/${doc.id}`, "PATCH", { name: "Temario 2026" });
    await admin(`/administrator/content/${doc.id}`, "PATCH", { name: "Temario 2026" }); // no change: no entry
    await admin(`/administrator/content/${link.id}/move`, "POST", { direction: "up" });
    await admin(`/administrator/content/${link.id}/move`, "POST", { direction: "up" }); // already first: no entry
    expect((await admin(`/administrator/content/${doc.id}`, "DELETE")).status).toBe(204);
    const entries = await audits();
    expect(entries.map((a) => [a.action, a.targetId, a.actorId])).toEqual([
      ["content.uploaded", doc.id, adminId],
      ["content.link_added", link.id, adminId],
      ["content.updated", doc.id, adminId],
      ["content.moved", link.id, adminId],
      ["content.deleted", doc.id, adminId],
    ]);
    expect(entries.map((a) => a.details)).toEqual([
      { name: "Temario", type: "document", license: "Permiso B", sizeBytes: pdf.length },
      { name: "Test DGT", type: "iframe", license: "Permiso B", url: "https://example.com/t" },
      { name: "Temario 2026", type: "document", license: "Permiso B", changes: { name: { from: "Temario", to: "Temario 2026" } } },
      { name: "Test DGT", type: "iframe", license: "Permiso B", direction: "up", changes: { position: { from: 2, to: 1 } } },
      { name: "Temario 2026", type: "document", license: "Permiso B" },
    ]);
    // Refused changes write nothing.
    const school = await createBookingWorld(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    expect((await admin(`/administrator/content/${link.id}`, "PATCH", { name: "X" }, otherAdmin, school.tenant.host)).status).toBe(404);
    expect((await admin(`/administrator/content/${link.id}`, "PATCH", { name: "" })).status).toBe(422);
    expect(await audits()).toHaveLength(5);
  });

  it("moves an item up or down in one transaction, renumbering the licence so no two items share a place", async () => {
    const ids: string[] = [];
    for (const name of ["Uno", "Dos", "Tres"]) ids.push((await admin("/administrator/content/iframes", "POST", { licenseId: w.license.id, name, url: "https://example.com/" })).json.id);
    // A second licence's items keep their own order.
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    const elsewhere = (await admin("/administrator/content/iframes", "POST", { licenseId: a2.id, name: "Otro", url: "https://example.com/" })).json;
    const order = async () => adminContentListSchema.parse((await admin("/administrator/content")).json).filter((i) => i.licenseId === w.license.id);

    const down = await admin(`/administrator/content/${ids[0]}/move`, "POST", { direction: "down" });
    expect(down.status).toBe(200);
    expect(adminContentListSchema.parse(down.json).map((i) => [i.name, i.position])).toEqual([["Dos", 0], ["Uno", 1], ["Tres", 2]]);
    expect((await order()).map((i) => i.name)).toEqual(["Dos", "Uno", "Tres"]);
    // The order students see follows.
    expect((await get("/student/content")).json.licenses[0].iframes.map((i: { name: string }) => i.name)).toEqual(["Dos", "Uno", "Tres"]);

    // Two items on one place (an old two-step reorder that failed half-way) are pulled apart by the next move.
    await admin(`/administrator/content/${ids[2]}`, "PATCH", { position: 1 });
    const healed = await admin(`/administrator/content/${ids[2]}/move`, "POST", { direction: "up" });
    expect(healed.json.map((i: { position: number }) => i.position)).toEqual([0, 1, 2]);
    expect((await order()).map((i) => i.name)).toEqual(["Dos", "Tres", "Uno"]);

    expect((await admin(`/administrator/content/${ids[1]}/move`, "POST", { direction: "up" })).json.map((i: { name: string }) => i.name)).toEqual(["Dos", "Tres", "Uno"]);
    expect((await admin(`/administrator/content/${elsewhere.id}/move`, "POST", { direction: "down" })).json).toHaveLength(1);

    // Bad input, another school, the wrong role.
    const bad = await admin(`/administrator/content/${ids[0]}/move`, "POST", { direction: "left" });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("La dirección debe ser 'up' o 'down'");
    const missing = await admin(`/administrator/content/${ids[0]}/move`, "POST", {});
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe("La dirección debe ser 'up' o 'down'");
    const school = await createBookingWorld(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    expect((await admin(`/administrator/content/${ids[0]}/move`, "POST", { direction: "up" }, otherAdmin, school.tenant.host)).status).toBe(404);
    expect((await admin(`/administrator/content/${ids[0]}/move`, "POST", { direction: "up" }, w.studentToken)).status).toBe(403);
    expect((await admin(`/administrator/content/not-a-uuid/move`, "POST", { direction: "up" })).status).toBe(404);
    expect((await order()).map((i) => i.name)).toEqual(["Dos", "Tres", "Uno"]);
  });
});
