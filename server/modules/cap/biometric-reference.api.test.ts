import { biometricReferenceSchema } from "@/lib/contract/cap";
import { decrypt } from "@/server/biometrics/crypto";
import { loadFaceEngine } from "@/server/biometrics/face-engine";
import { biometricReferences } from "@/server/db/schema/cap";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, faceDataUrl } from "@/tests/fixtures/cap-factories";
import { eq } from "drizzle-orm";
import { embeddingContext, imageContext } from "./biometric-reference.service";

// The face model loads once per file (a few seconds); captures take a few hundred ms each on 2 cores.
jest.setTimeout(180_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;
const leonard = faceDataUrl("bbt/leonard_1.jpg");

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
  await loadFaceEngine();
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });
const refPath = (id: string) => `/administrator/students/${id}/biometric-reference`;

describe("biometric reference", () => {
  it("answers 404 while there is none, then saves one and returns the same image", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    const none = await ctx.call(refPath(s.id), admin());
    expect(none.status).toBe(404);

    const saved = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: leonard } });
    expect(saved.status).toBe(201);
    expect(Date.parse(saved.json.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const read = await ctx.call(refPath(s.id), admin());
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    // The same picture, re-encoded without its metadata (issue 12): a JPEG of the same size.
    const reference = biometricReferenceSchema.parse(read.json);
    expect(reference.createdAt).toBe(saved.json.createdAt);
    expect(reference.image.startsWith("data:image/jpeg;base64,")).toBe(true);
    const sharp = (await import("sharp")).default;
    const [before, after] = await Promise.all([leonard, reference.image].map((url) => sharp(Buffer.from(url.split(",")[1]!, "base64")).metadata()));
    expect([after!.width, after!.height]).toEqual([before!.width, before!.height]);
    expect((await ctx.call(`/administrator/students/${s.id}`, admin())).json.hasBiometricReference).toBe(true);
  });

  it("stores image and embedding encrypted, bound to the student", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: leonard } });
    const [row] = await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, s.id));
    const jpeg = Buffer.from(leonard.split(",")[1]!, "base64");
    expect(row!.imageEncrypted.includes(jpeg.subarray(0, 64))).toBe(false);
    expect(row!.imageEncrypted.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(decrypt(row!.imageEncrypted, imageContext(w.tenant.id, s.id)).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const embedding = decrypt(row!.embeddingEncrypted, embeddingContext(w.tenant.id, s.id));
    expect(embedding).toHaveLength(128 * 4);
    expect(row!.embeddingEncrypted.includes(embedding.subarray(0, 16))).toBe(false);
    expect(() => decrypt(row!.imageEncrypted, imageContext(w.tenant.id, w.student.id))).toThrow();
  });

  it("replaces the reference and audits every save", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    const first = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: leonard } });
    const second = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: faceDataUrl("bbt/leonard_2.jpg") } });
    expect(second.status).toBe(201);
    expect(Date.parse(second.json.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.json.createdAt));
    const rows = await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, s.id));
    expect(rows).toHaveLength(1);
    const saves = (await listAudit(ctx.db, w.tenant.id, "biometric.reference_saved")).filter((a) => a.targetId === s.id);
    expect(saves).toHaveLength(2);
    expect(saves[0]!.actorId).toBe(w.admin.id);
  });

  it("refuses an image without a face, and one that is not an image", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    const noFace = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: faceDataUrl("noface/table.jpg") } });
    expect(noFace.status).toBe(422);
    expect(noFace.json).toEqual({ error: "no-face-in-capture-image", message: "No se ha detectado un rostro en la imagen capturada" });
    const garbage = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: "data:image/jpeg;base64,aGVsbG8gd29ybGQ=" } });
    expect(garbage.status).toBe(422);
    expect(garbage.json.error).toBe("VALIDATION_ERROR");
    const notDataUrl = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: "https://example.com/x.jpg" } });
    expect(notDataUrl.status).toBe(422);
    expect((await ctx.call(refPath(s.id), admin())).status).toBe(404);
  });

  it("is deleted with the student", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: leonard } });
    expect((await ctx.call(`/administrator/students/${s.id}`, { method: "DELETE", ...admin() })).status).toBe(204);
    expect(await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, s.id))).toHaveLength(0);
    const deleted = (await listAudit(ctx.db, w.tenant.id, "biometric.reference_deleted")).filter((a) => a.targetId === s.id);
    expect(deleted).toHaveLength(1);
  });

  it("is only for administrators of the tenant", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: leonard } });
    expect((await ctx.call(refPath(s.id), { token: w.otherAdminToken, host: w.other.host })).status).toBe(404);
    expect((await ctx.call(refPath(s.id), { method: "POST", token: w.otherAdminToken, host: w.other.host, body: { image: leonard } })).status).toBe(404);
    expect((await ctx.call(refPath(s.id), { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await ctx.call(refPath(w.student.id), { token: w.studentToken, host: w.tenant.host })).status).toBe(403);
  });
});
