import { and, eq } from "drizzle-orm";
import { balanceMovements, balances } from "@/server/db/schema/reservations";
import { users } from "@/server/db/schema/core";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, faceDataUrl, randomDni } from "@/tests/fixtures/cap-factories";
import { topUp } from "@/tests/fixtures/reservation-factories";

// Issue 12 (medium): the CAP student endpoints deleted and rewrote real students (login, money, history).
jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });
const del = (id: string) => ctx.call(`/administrator/students/${id}`, { method: "DELETE", ...admin() });
const userExists = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id))).length === 1;

describe("deleting a student never takes money or history with it", () => {
  it("refuses to delete a student with a login (STUDENT_IN_USE), keeping their balance and ledger", async () => {
    await topUp(ctx.db, w.tenant, w.student, 3600);
    const res = await del(w.student.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "STUDENT_IN_USE", message: "No se puede eliminar el alumno porque tiene datos asociados en otros módulos" });
    expect(await userExists(w.student.id)).toBe(true);
    const ledger = await ctx.db.select().from(balanceMovements).where(eq(balanceMovements.studentId, w.student.id));
    expect(ledger).toHaveLength(1);
    expect(await listAudit(ctx.db, w.tenant.id, "cap.student_deleted")).toHaveLength(0);
  });

  it("refuses to delete a CAP-only student with a balance or movements (the database blocks the cascade)", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    await topUp(ctx.db, w.tenant, s, 50, "money");
    const res = await del(s.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("STUDENT_IN_USE");
    expect(await userExists(s.id)).toBe(true);
    const balance = await ctx.db.select().from(balances).where(and(eq(balances.tenantId, w.tenant.id), eq(balances.studentId, s.id)));
    expect(balance[0]?.cents).toBe(50);
  });

  it("still deletes a CAP-only student without money or history", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    expect((await del(s.id)).status).toBe(204);
    expect(await userExists(s.id)).toBe(false);
  });
});

describe("update-cap keeps to CAP fields", () => {
  it("refuses to change the DNI of a student with a login, but edits their names", async () => {
    const path = `/administrator/students/${w.student.id}/update-cap`;
    const res = await ctx.call(path, { method: "POST", ...admin(), body: { firstname: "A", surname1: "B", dni: randomDni() } });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "STUDENT_HAS_LOGIN", message: "No se puede cambiar el DNI/NIE de un alumno con acceso a la plataforma" });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, w.student.id));
    expect(row!.dni).toBe(w.student.dni);
    const names = await ctx.call(path, { method: "POST", ...admin(), body: { firstname: "Ana", surname1: "Ruiz", dni: w.student.dni } });
    expect(names.status).toBe(200);
    expect(names.json).toMatchObject({ firstname: "Ana", dni: w.student.dni, username: w.student.username });
  });
});

describe("erasing only the biometric reference", () => {
  const refPath = (id: string) => `/administrator/students/${id}/biometric-reference`;

  it("deletes the reference, audited, and keeps the student", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    const saved = await ctx.call(refPath(s.id), { method: "POST", ...admin(), body: { image: faceDataUrl("bbt/leonard_1.jpg") } });
    expect(saved.status).toBe(201);
    expect((await ctx.call(refPath(s.id), { method: "DELETE", ...admin() })).status).toBe(204);
    expect((await ctx.call(refPath(s.id), admin())).status).toBe(404);
    const student = await ctx.call(`/administrator/students/${s.id}`, admin());
    expect(student.json).toMatchObject({ id: s.id, hasBiometricReference: false });
    const audit = await listAudit(ctx.db, w.tenant.id, "biometric.reference_deleted");
    expect(audit.some((a) => a.targetId === s.id)).toBe(true);
    expect((await ctx.call(refPath(s.id), { method: "DELETE", ...admin() })).status).toBe(404);
  });

  it("answers 404 for another tenant's student and 403 for non-administrators", async () => {
    const foreign = await createCapStudent(ctx.db, w.other);
    expect((await ctx.call(refPath(foreign.id), { method: "DELETE", ...admin() })).status).toBe(404);
    const s = await createCapStudent(ctx.db, w.tenant);
    expect((await ctx.call(refPath(s.id), { method: "DELETE", token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
  });
});

describe("the stored face reference carries no metadata", () => {
  it("re-encodes the upload without its EXIF (GPS) before encrypting it", async () => {
    const sharp = (await import("sharp")).default;
    const original = Buffer.from(faceDataUrl("bbt/leonard_1.jpg").split(",")[1]!, "base64");
    const withGps = await sharp(original).withExif({ IFD0: { Copyright: "GPS 40.4168 N 3.7038 W" } }).jpeg().toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const s = await createCapStudent(ctx.db, w.tenant);
    const saved = await ctx.call(`/administrator/students/${s.id}/biometric-reference`, {
      method: "POST",
      ...admin(),
      body: { image: `data:image/jpeg;base64,${withGps.toString("base64")}` },
    });
    expect(saved.status).toBe(201);
    const read = await ctx.call(`/administrator/students/${s.id}/biometric-reference`, admin());
    const stored = Buffer.from((read.json.image as string).split(",")[1]!, "base64");
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("GPS 40.4168"))).toBe(false);
  });
});
