import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, faceDataUrl } from "@/tests/fixtures/cap-factories";
import { createTenant } from "@/tests/fixtures/factories";
import { configureStripe } from "@/tests/fixtures/shop-factories";
import { decrypt, loadKey } from "@/server/biometrics/crypto";
import { loadFaceEngine } from "@/server/biometrics/face-engine";
import { biometricReferences } from "@/server/db/schema/cap";
import { paymentSettings } from "@/server/db/schema/shop";
import { embeddingContext, imageContext } from "@/server/modules/cap/biometric-reference.service";
import { openSecret } from "@/server/modules/shop/payment-secrets";
import { rotateEncryptionKey } from "./key-rotation";

describe("at-rest key rotation (npm run rotate:biometric-key)", () => {
  let ctx: ApiContext;
  beforeAll(async () => {
    ctx = await createApiContext();
    await loadFaceEngine();
  }, 60_000);
  afterAll(() => ctx.close());

  it("re-encrypts every face reference and every school's Stripe secrets under the new key, or nothing when the old key is wrong", async () => {
    const w = await createCapWorld(ctx.db);
    const student = await createCapStudent(ctx.db, w.tenant, { firstName: "Leonard" });
    const saved = await ctx.call(`/administrator/students/${student.id}/biometric-reference`, {
      method: "POST",
      token: w.adminToken,
      host: w.tenant.host,
      body: { image: faceDataUrl("bbt/leonard_1.jpg") },
    });
    expect(saved.status).toBe(201);
    const stripeKeys = await configureStripe(ctx.db, w.tenant);
    // A school whose keys were stored in clear before they were sealed: the rotation seals them too.
    const legacy = await createTenant(ctx.db);
    await ctx.db.insert(paymentSettings).values({ tenantId: legacy.id, secretKey: "sk_test_legacyClear", publishableKey: "pk_test_legacy", webhookSecret: "whsec_legacyClear" });

    const current = loadKey();
    const next = crypto.randomBytes(32);
    const read = async () => (await ctx.db.select().from(biometricReferences).where(eq(biometricReferences.studentId, student.id)))[0]!;
    const settingsOf = async (tenantId: string) => (await ctx.db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId)))[0]!;
    const before = await read();
    const settingsBefore = await settingsOf(w.tenant.id);
    const image = decrypt(before.imageEncrypted, imageContext(w.tenant.id, student.id), current);

    await expect(rotateEncryptionKey(ctx.db, crypto.randomBytes(32), next)).rejects.toThrow();
    expect((await read()).imageEncrypted.equals(before.imageEncrypted)).toBe(true);
    expect(await settingsOf(w.tenant.id)).toEqual(settingsBefore);
    expect((await settingsOf(legacy.id)).secretKey).toBe("sk_test_legacyClear");

    const count = await rotateEncryptionKey(ctx.db, current, next);
    expect(count.biometricReferences).toBeGreaterThanOrEqual(1);
    expect(count.paymentSettings).toBeGreaterThanOrEqual(2);
    const after = await read();
    expect(decrypt(after.imageEncrypted, imageContext(w.tenant.id, student.id), next).equals(image)).toBe(true);
    expect(decrypt(after.embeddingEncrypted, embeddingContext(w.tenant.id, student.id), next).length).toBe(128 * 4);
    expect(() => decrypt(after.imageEncrypted, imageContext(w.tenant.id, student.id), current)).toThrow();

    const settings = await settingsOf(w.tenant.id);
    expect(settings.secretKey).not.toBe(settingsBefore.secretKey);
    expect(openSecret(settings.secretKey, w.tenant.id, "secret_key", next)).toBe(stripeKeys.secretKey);
    expect(openSecret(settings.webhookSecret, w.tenant.id, "webhook_secret", next)).toBe(stripeKeys.webhookSecret);
    expect(() => openSecret(settings.secretKey, w.tenant.id, "secret_key", current)).toThrow();
    const sealedLegacy = await settingsOf(legacy.id);
    expect(JSON.stringify(sealedLegacy)).not.toMatch(/sk_|whsec_/);
    expect(openSecret(sealedLegacy.secretKey, legacy.id, "secret_key", next)).toBe("sk_test_legacyClear");
    expect(openSecret(sealedLegacy.webhookSecret, legacy.id, "webhook_secret", next)).toBe("whsec_legacyClear");

    await rotateEncryptionKey(ctx.db, next, current); // other tests of this database keep reading with the usual key
  });
});
