import { sectionListSchema, sectionSchema } from "@/lib/contract/cap";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCapWorld, createCourse, createSection } from "@/tests/fixtures/cap-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
});
afterAll(() => ctx.close());

const as = (token: string, host = w.tenant.host) => ({ token, host });

describe("sections", () => {
  it("creates, lists and updates sections with their centre authorization number", async () => {
    const created = await ctx.call("/administrator/sections", { method: "POST", ...as(w.adminToken), body: { name: " Sede Norte ", authorizationNumber: "CAP-1" } });
    expect(created.status).toBe(201);
    expect(sectionSchema.parse(created.json)).toMatchObject({ name: "Sede Norte", authorizationNumber: "CAP-1" });

    const withoutNumber = await ctx.call("/administrator/sections", { method: "POST", ...as(w.adminToken), body: { name: "Aula 2", authorizationNumber: "" } });
    expect(withoutNumber.json.authorizationNumber).toBeNull();

    const list = await ctx.call("/administrator/sections", as(w.adminToken));
    expect(list.status).toBe(200);
    expect(sectionListSchema.parse(list.json).map((s) => s.name)).toEqual(expect.arrayContaining(["Sede Norte", "Aula 2"]));

    const updated = await ctx.call(`/administrator/sections/${withoutNumber.json.id}`, {
      method: "POST",
      ...as(w.adminToken),
      body: { name: "Aula 2", authorizationNumber: "CAP-2" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ id: withoutNumber.json.id, name: "Aula 2", authorizationNumber: "CAP-2" });
    expect((await listAudit(ctx.db, w.tenant.id, "cap.section_updated")).length).toBe(1);
  });

  it("validates the body", async () => {
    const missing = await ctx.call("/administrator/sections", { method: "POST", ...as(w.adminToken), body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("MISSING_REQUIRED_FIELDS");
    const blank = await ctx.call("/administrator/sections", { method: "POST", ...as(w.adminToken), body: { name: "  " } });
    expect(blank.status).toBe(422);
    expect(blank.json.message).toBe("El nombre de la sección es obligatorio");
  });

  it("deletes an unused section and refuses one that courses use", async () => {
    const unused = await createSection(ctx.db, w.tenant, { name: "Temporal" });
    const used = await createSection(ctx.db, w.tenant, { name: "Con cursos" });
    await createCourse(ctx.db, w.tenant, used);
    expect((await ctx.call(`/administrator/sections/${unused.id}`, { method: "DELETE", ...as(w.adminToken) })).status).toBe(204);
    const refused = await ctx.call(`/administrator/sections/${used.id}`, { method: "DELETE", ...as(w.adminToken) });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("SECTION_IN_USE");
  });

  it("hides other tenants' sections (404) and refuses non-administrators (403)", async () => {
    const foreign = await createSection(ctx.db, w.other, { name: "Ajena" });
    const list = await ctx.call("/administrator/sections", as(w.adminToken));
    expect(list.json.map((s: { id: string }) => s.id)).not.toContain(foreign.id);
    const update = await ctx.call(`/administrator/sections/${foreign.id}`, { method: "POST", ...as(w.adminToken), body: { name: "Mía" } });
    expect(update.status).toBe(404);
    expect((await ctx.call(`/administrator/sections/${foreign.id}`, { method: "DELETE", ...as(w.adminToken) })).status).toBe(404);
    expect((await ctx.call("/administrator/sections", as(w.instructorToken))).status).toBe(403);
    expect((await ctx.call("/administrator/sections", as(w.studentToken))).status).toBe(403);
    expect((await ctx.call("/administrator/sections", { host: w.tenant.host })).status).toBe(401);
  });
});
