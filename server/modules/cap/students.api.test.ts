import { capStudentSchema, studentPageSchema } from "@/lib/contract/cap";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapStudent, createCapWorld, createCourse, createSection, enroll, randomDni } from "@/tests/fixtures/cap-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });

describe("creating and editing CAP students", () => {
  it("creates a student without a login, normalising the DNI", async () => {
    const res = await ctx.call("/administrator/students/create-cap", {
      method: "POST",
      ...admin(),
      body: { firstname: " José ", surname1: "Núñez", surname2: "", dni: "x1234567-l" },
    });
    expect(res.status).toBe(201);
    expect(capStudentSchema.parse(res.json)).toEqual({
      id: expect.any(String),
      firstname: "José",
      surname1: "Núñez",
      surname2: null,
      dni: "X1234567L",
      fullname: "José Núñez",
      username: null,
      hasBiometricReference: false,
    });
    expect((await ctx.call(`/administrator/students/${res.json.id}`, admin())).json).toEqual(res.json);
    expect(await listAudit(ctx.db, w.tenant.id, "cap.student_created")).toHaveLength(1);
  });

  it("checks required fields and the DNI/NIE control letter", async () => {
    const post = (body: object) => ctx.call("/administrator/students/create-cap", { method: "POST", ...admin(), body });
    const missing = await post({ firstname: "A", surname1: "B" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("MISSING_REQUIRED_FIELDS");
    const wrongLetter = await post({ firstname: "A", surname1: "B", dni: "12345678A" });
    expect(wrongLetter.status).toBe(422);
    expect(wrongLetter.json).toMatchObject({ error: "VALIDATION_ERROR", message: "El DNI/NIE no es válido" });
    const blankName = await post({ firstname: " ", surname1: "B", dni: randomDni() });
    expect(blankName.status).toBe(422);
    expect(blankName.json.message).toBe("El nombre es obligatorio");
  });

  it("refuses a DNI already used in the tenant (any user), but not one used in another tenant", async () => {
    const post = (body: object, who = admin()) => ctx.call("/administrator/students/create-cap", { method: "POST", ...who, body });
    const dup = await post({ firstname: "A", surname1: "B", dni: w.student.dni!.toLowerCase() });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("DUPLICATE_DNI");
    const elsewhere = await post({ firstname: "A", surname1: "B", dni: w.student.dni }, { token: w.otherAdminToken, host: w.other.host });
    expect(elsewhere.status).toBe(201);
  });

  it("updates a student, refusing a duplicate DNI", async () => {
    const s = await createCapStudent(ctx.db, w.tenant, { firstName: "Old" });
    const path = `/administrator/students/${s.id}/update-cap`;
    const ok = await ctx.call(path, { method: "POST", ...admin(), body: { firstname: "Nuevo", surname1: "Apellido", surname2: "Segundo", dni: s.dni } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ firstname: "Nuevo", surname1: "Apellido", surname2: "Segundo", fullname: "Nuevo Apellido Segundo" });
    const dup = await ctx.call(path, { method: "POST", ...admin(), body: { firstname: "N", surname1: "A", dni: w.student.dni } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("DUPLICATE_DNI");
  });
});

describe("listing and searching", () => {
  it("pages, and searches by name or DNI ignoring accents and case", async () => {
    const { tenant } = w;
    const names = ["Íñigo", "Inés", "María"];
    const created = await Promise.all(names.map((firstName) => createCapStudent(ctx.db, tenant, { firstName, surname1: "Pérez" })));
    const search = (q: string) => ctx.call(`/administrator/students?search=${encodeURIComponent(q)}`, admin()).then((r) => studentPageSchema.parse(r.json));

    expect((await search("inigo")).data.map((s) => s.firstname)).toEqual(["Íñigo"]);
    expect((await search("PEREZ ines")).data.map((s) => s.firstname)).toEqual(["Inés"]);
    expect((await search(created[2]!.dni!.slice(0, 6))).data.map((s) => s.id)).toContain(created[2]!.id);
    expect((await search("nadie-asi")).data).toEqual([]);

    const page1 = studentPageSchema.parse((await ctx.call("/administrator/students?page=1&limit=2", admin())).json);
    expect(page1.data).toHaveLength(2);
    expect(page1.pagination).toMatchObject({ page: 1, hasPreviousPage: false, hasNextPage: true });
    const last = studentPageSchema.parse((await ctx.call(`/administrator/students?page=${page1.pagination.totalPages}&limit=2`, admin())).json);
    expect(last.pagination.hasNextPage).toBe(false);
    expect(page1.pagination.total).toBe(last.pagination.total);

    const all = studentPageSchema.parse((await ctx.call("/administrator/students?limit=100", admin())).json);
    expect(all.data.map((s) => s.id)).not.toContain(w.instructor.id);
    expect(all.data.map((s) => s.id)).not.toContain(w.admin.id);
    expect(all.data.find((s) => s.id === w.student.id)?.username).toBe(w.student.username);
  });

  it("validates page and limit", async () => {
    expect((await ctx.call("/administrator/students?limit=0", admin())).status).toBe(422);
    // A limit past the largest page is capped (lib/contract/paging.ts): 100 cards at most.
    const capped = await ctx.call("/administrator/students?limit=101", admin());
    expect(capped.status).toBe(200);
    expect(capped.json.data.length).toBeLessThanOrEqual(100);
    expect((await ctx.call("/administrator/students?page=0", admin())).status).toBe(422);
  });
});

describe("deleting and isolation", () => {
  it("deletes a student with their enrolments", async () => {
    const s = await createCapStudent(ctx.db, w.tenant);
    const course = await createCourse(ctx.db, w.tenant, await createSection(ctx.db, w.tenant));
    await enroll(ctx.db, w.tenant, course, [s.id]);
    expect((await ctx.call(`/administrator/students/${s.id}`, { method: "DELETE", ...admin() })).status).toBe(204);
    expect((await ctx.call(`/administrator/students/${s.id}`, admin())).status).toBe(404);
    expect((await ctx.call(`/administrator/cap/cap-courses/${course.id}/enrollments`, admin())).json).toEqual([]);
  });

  it("answers 404 for another tenant's student and for non-students, 403 for non-administrators", async () => {
    const foreign = await createCapStudent(ctx.db, w.other);
    for (const id of [foreign.id, w.instructor.id]) {
      const res = await ctx.call(`/administrator/students/${id}`, admin());
      expect(res.status).toBe(404);
      expect(res.json.message).toBe("Alumno no encontrado");
      expect((await ctx.call(`/administrator/students/${id}`, { method: "DELETE", ...admin() })).status).toBe(404);
      expect((await ctx.call(`/administrator/students/${id}/update-cap`, { method: "POST", ...admin(), body: { firstname: "A", surname1: "B", dni: randomDni() } })).status).toBe(404);
    }
    expect((await ctx.call("/administrator/students", { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await ctx.call("/administrator/students/create-cap", { method: "POST", token: w.studentToken, host: w.tenant.host, body: {} })).status).toBe(403);
  });
});
