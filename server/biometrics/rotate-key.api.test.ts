import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, faceDataUrl } from "@/tests/fixtures/cap-factories";
import { biometricReferences } from "../db/schema/cap";
import { embeddingContext, imageContext } from "../modules/cap/biometric-reference.service";
import { decrypt, loadKey } from "./crypto";
import { loadFaceEngine } from "./face-engine";
import { rotateBiometricKey } from "./rotate-key";

describe("biometric key rotation", () => {
  let ctx: ApiContext;
  beforeAll(async () => {
    ctx = await createApiContext();
    await loadFaceEngine();
  }, 60_000);
  afterAll(() => ctx.close());

  it("re-encrypts every reference under the new key, or none when the old key is wrong", async () => {
    const w = await createCapWorld(ctx.db);
    const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Leonard" });
    const saved = await ctx.call(`/administrator/students/${student.id}/biometric-reference`, {
      method: "POST",
      token: w.adminToken,
      host: w.tenant.host,
      body: { image: faceDataUrl("bbt/leonard_1.jpg") },
    });
    expect(saved.status).toBe(201);
    const current = loadKey();
    const next = crypto.randomBytes(32);
    const read = async () => (await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, student.id)))[0]!;
    const before = await read();
    const image = decrypt(before.imageEncrypted, imageContext(w.tenant.id, student.id), current);

    await expect(rotateBiometricKey(ctx.db, crypto.randomBytes(32), next)).rejects.toThrow();
    expect((await read()).imageEncrypted.equals(before.imageEncrypted)).toBe(true);

    expect(await rotateBiometricKey(ctx.db, current, next)).toBeGreaterThanOrEqual(1);
    const after = await read();
    expect(decrypt(after.imageEncrypted, imageContext(w.tenant.id, student.id), next).equals(image)).toBe(true);
    expect(decrypt(after.embeddingEncrypted, embeddingContext(w.tenant.id, student.id), next).length).toBe(128 * 4);
    expect(() => decrypt(after.imageEncrypted, imageContext(w.tenant.id, student.id), current)).toThrow();
    await rotateBiometricKey(ctx.db, next, current); // other tests of this database keep reading with the usual key
  });
});
