import { biometricReferenceSchema } from "@/lib/contract/cap";
import crypto from "node:crypto";
import { decrypt, loadKey } from "@/server/biometrics/crypto";
import { rotateEncryptionKey } from "@/scripts/key-rotation";
import { loadFaceEngine } from "@/server/biometrics/face-engine";
import { biometricReferences } from "@/server/db/schema/cap";
import { faceReferences } from "@/server/db/schema/cap-faces";
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

  describe("several photos of one enrolment (issue 30)", () => {
    const photos = ["bbt/leonard_1.jpg", "bbt/leonard_2.jpg", "bbt/leonard_5.jpg"].map(faceDataUrl);

    it("saves 3 photos: the first is the card's, the others come back apart, each encrypted for its position", async () => {
      const s = await createCapStudent(ctx.db, w.tenant);
      expect((await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: photos } })).status).toBe(201);
      const read = biometricReferenceSchema.parse((await ctx.call(refPath(s.id), admin())).json);
      expect(read.others).toHaveLength(2);
      expect(read.others.every((o) => o.startsWith("data:image/jpeg;base64,"))).toBe(true);
      const rows = await ctx.db.select().from(faceReferences).where(eq(faceReferences.studentId, s.id));
      expect(rows.map((r) => r.position).sort()).toEqual([2, 3]);
      const second = rows.find((r) => r.position === 2)!;
      expect(decrypt(second.embeddingEncrypted, embeddingContext(w.tenant.id, s.id, 2))).toHaveLength(128 * 4);
      // A ciphertext is bound to its position: the second photo does not open as the first or the third.
      expect(() => decrypt(second.imageEncrypted, imageContext(w.tenant.id, s.id))).toThrow();
      expect(() => decrypt(second.imageEncrypted, imageContext(w.tenant.id, s.id, 3))).toThrow();
      const [saved] = (await listAudit(ctx.db, w.tenant.id, "biometric.reference_saved")).filter((a) => a.targetId === s.id);
      expect(saved!.details).toMatchObject({ images: 3 });
    });

    it("refuses the whole set when one photo fails a quality gate, saying which and what to do", async () => {
      const s = await createCapStudent(ctx.db, w.tenant);
      const res = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: [photos[0], faceDataUrl("bbt/stuart_5.jpg"), photos[1]] } });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ error: "biometric-reference-quality", message: "La foto 2 no sirve como referencia: Mira a la cámara", photo: 2 });
      expect((await ctx.call(refPath(s.id), admin())).status).toBe(404);
      const [rejected] = (await listAudit(ctx.db, w.tenant.id, "biometric.reference_rejected")).filter((a) => a.targetId === s.id);
      expect(rejected!.details).toMatchObject({ reason: "quality", guidance: "Mira a la cámara", photo: 2, of: 3 });
    });

    it("replaces every photo on a new enrolment and erases them all", async () => {
      const s = await createCapStudent(ctx.db, w.tenant);
      await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: photos } });
      await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: [photos[1]] } });
      expect(await ctx.db.select().from(faceReferences).where(eq(faceReferences.studentId, s.id))).toHaveLength(0);
      await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: photos } });
      expect((await ctx.call(refPath(s.id), { method: "DELETE", ...admin() })).status).toBe(204);
      expect(await ctx.db.select().from(faceReferences).where(eq(faceReferences.studentId, s.id))).toHaveLength(0);
      expect(await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, s.id))).toHaveLength(0);
    });

    it("moves every photo to a new key on rotation (npm run rotate:biometric-key)", async () => {
      const s = await createCapStudent(ctx.db, w.tenant);
      await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: photos } });
      const [current, next] = [loadKey(), crypto.randomBytes(32)];
      const count = await rotateEncryptionKey(ctx.db, current, next);
      try {
        expect(count.faceReferences).toBeGreaterThanOrEqual(2);
        const [third] = await ctx.db.select().from(faceReferences).where(eq(faceReferences.studentId, s.id)).then((rows) => rows.filter((r) => r.position === 3));
        expect(decrypt(third!.embeddingEncrypted, embeddingContext(w.tenant.id, s.id, 3), next)).toHaveLength(128 * 4);
        expect(() => decrypt(third!.imageEncrypted, imageContext(w.tenant.id, s.id, 3), current)).toThrow();
      } finally {
        await rotateEncryptionKey(ctx.db, next, current); // the other tests read with the usual key
      }
    });

    it("takes one to five images, and either `image` or `images`", async () => {
      const s = await createCapStudent(ctx.db, w.tenant);
      expect((await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: Array(6).fill(photos[0]) } })).status).toBe(422);
      expect((await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { images: [] } })).status).toBe(422);
      expect((await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: photos[0], images: photos } })).status).toBe(422);
    });
  });
});
