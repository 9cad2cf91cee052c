import { adminAssignmentListSchema, auditPageSchema } from "@/lib/contract/backoffice";
import { adminUserPageSchema } from "@/lib/contract/backoffice-users";
import { deskStudentListSchema } from "@/lib/contract/balance";
import { studentPageSchema } from "@/lib/contract/cap";
import { users } from "@/server/db/schema/core";
import { instructorAssignments } from "@/server/db/schema/reservations";
import { recordAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { randomDni } from "@/tests/fixtures/cap-factories";
import { createTenant, createUser, tokenFor, type TestTenant } from "@/tests/fixtures/factories";
import { createLicense } from "@/tests/fixtures/reservation-factories";

// The office's lists read a page at a time (users, the balance desk, CAP students, assignments, the activity log): walking every
// page gives each row once, in one stable order, whatever the ties; a cursor is only a position (another school's
// shows nothing of that school); junk cursors and limits are refused with the API's error body; other roles get 403.

jest.setTimeout(120_000);

let ctx: ApiContext;
type School = { tenant: TestTenant; admin: string; instructor: string; student: string; studentIds: string[] };
let a: School;
let b: School;

// Ties on purpose: same first name and surname in different cases and accents, with and without a second surname.
const FIRST = ["Ana", "ana", "Ánxel", "Íñigo", "Zoe"];
const SURNAME = ["Gil", "Álvarez", "gil"];

async function school(count: number, tag: string): Promise<School> {
  const tenant = await createTenant(ctx.db);
  const admin = await createUser(ctx.db, tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Admin", surname1: tag });
  const instructor = await createUser(ctx.db, tenant, { roles: ["ROLE_INSTRUCTOR"] });
  const student = await createUser(ctx.db, tenant, { roles: ["ROLE_ALUMNO"], dni: randomDni(), firstName: "Ana", surname1: "Gil" });
  const rows = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenantId: tenant.id,
        firstName: FIRST[i % FIRST.length]!,
        surname1: SURNAME[i % SURNAME.length]!,
        surname2: i % 4 === 0 ? null : "Ruiz",
        dni: randomDni(),
        roles: ["ROLE_ALUMNO"],
      })),
    )
    .returning({ id: users.id });
  // Every student assigned to the instructor, all at one instant (ties on the sort key: the id decides).
  const license = await createLicense(ctx.db, tenant, "b", "B");
  const at = new Date();
  await ctx.db
    .insert(instructorAssignments)
    .values(rows.map((r) => ({ tenantId: tenant.id, studentId: r.id, instructorId: instructor.id, licenseId: license.id, createdAt: at })));
  for (let i = 0; i < 12; i += 1) {
    await recordAudit(ctx.db, tenant.id, { userId: admin.id } as never, { action: i % 3 ? "vehicle.created" : "settings.updated", details: { i } });
  }
  return {
    tenant,
    admin: await tokenFor(admin, tenant),
    instructor: await tokenFor(instructor, tenant),
    student: await tokenFor(student, tenant),
    studentIds: [student.id, ...rows.map((r) => r.id)],
  };
}

beforeAll(async () => {
  ctx = await createApiContext();
  a = await school(23, "A");
  b = await school(7, "B");
});
afterAll(() => ctx.close());

type Read = { ids: string[]; next: string | null };
type List = { name: string; path: string; read: (s: School, query: string) => Promise<Read & { status: number; json: unknown }> };

const get = (s: School, path: string, token = s.admin) => ctx.call(path, { host: s.tenant.host, token });
const withCursor = (query: string, cursor: string | null) => (cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);

const LISTS: List[] = [
  {
    name: "users",
    path: "/administrator/users",
    read: async (s, q) => {
      const res = await get(s, `/administrator/users?status=all&${q}`);
      const page = res.status === 200 ? adminUserPageSchema.parse(res.json) : null;
      return { ...res, ids: page?.data.map((u) => u.id) ?? [], next: page?.nextCursor ?? null };
    },
  },
  {
    name: "balance desk",
    path: "/administrator/balances/students",
    read: async (s, q) => {
      const res = await get(s, `/administrator/balances/students?${q}`);
      const list = res.status === 200 ? deskStudentListSchema.parse(res.json) : [];
      return { ...res, ids: list.map((d) => d.id), next: res.headers.get("x-next-cursor") };
    },
  },
  {
    name: "CAP students",
    path: "/administrator/students",
    read: async (s, q) => {
      const res = await get(s, `/administrator/students?${q}`);
      const page = res.status === 200 ? studentPageSchema.parse(res.json) : null;
      return { ...res, ids: page?.data.map((d) => d.id) ?? [], next: page?.pagination.nextCursor ?? null };
    },
  },
  {
    name: "assignments",
    path: "/administrator/assignments",
    read: async (s, q) => {
      const res = await get(s, `/administrator/assignments?${q}`);
      const list = res.status === 200 ? adminAssignmentListSchema.parse(res.json) : [];
      return { ...res, ids: list.map((d) => d.id), next: res.headers.get("x-next-cursor") };
    },
  },
  {
    name: "activity log",
    path: "/administrator/audit",
    read: async (s, q) => {
      const res = await get(s, `/administrator/audit?${q}`);
      const page = res.status === 200 ? auditPageSchema.parse(res.json) : null;
      return { ...res, ids: page?.data.map((e) => String(e.id)) ?? [], next: page?.nextCursor ?? null };
    },
  },
];

async function walk(list: List, s: School, query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await list.read(s, withCursor(query, cursor));
    expect(page.status).toBe(200);
    pages.push(page.ids);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return pages;
}

describe.each(LISTS.map((l) => [l.name, l] as const))("the office's %s list", (_name, list) => {
  it("pages in one stable order: every row once, no gaps, the same order as one big page", async () => {
    const whole = await list.read(a, "limit=100");
    expect(whole.next).toBeNull();
    const pages = await walk(list, a, "limit=5");
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === 5)).toBe(true);
    expect(pages.flat()).toEqual(whole.ids);
    expect(new Set(pages.flat()).size).toBe(whole.ids.length);
  });

  it("reveals nothing of another school through its cursor", async () => {
    const theirs = (await list.read(b, "limit=2")).next!;
    expect(theirs).toBeTruthy();
    const ours = await walk(list, a, "limit=100&cursor=" + encodeURIComponent(theirs));
    const bAll = (await list.read(b, "limit=100")).ids;
    expect(ours.flat().filter((id) => bAll.includes(id))).toEqual([]);
  });

  it("refuses junk cursors and limits out of range with the API's error body", async () => {
    const users = (await LISTS[0]!.read(a, "limit=1")).next!;
    const junk = ["garbage!", "AAAA", Buffer.from('["x",[1],"y"]').toString("base64url"), "x".repeat(3000)];
    if (list.name !== "users") junk.push(users); // another list's cursor
    for (const bad of [...junk.map((c) => `cursor=${encodeURIComponent(c)}`), "limit=0", "limit=-1", "limit=1.5", "limit=abc"]) {
      const res = await list.read(a, bad);
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(res.json).toEqual(expect.objectContaining({ error: "VALIDATION_ERROR", message: expect.any(String) }));
    }
    expect((await list.read(a, "limit=100")).status).toBe(200);
    // A limit past the largest page is capped, like every paged list's (lib/contract/paging.ts).
    for (const over of ["limit=101", "limit=1e9"]) expect((await list.read(a, over)).status).toBe(200);
  });

  it("is for administrators only", async () => {
    expect((await get(a, list.path, a.instructor)).status).toBe(403);
    expect((await get(a, list.path, a.student)).status).toBe(403);
  });
});

describe("searching while paging", () => {
  it("runs the search on the server, with the cursor (CAP students, accents ignored)", async () => {
    const pages = await walk(LISTS[2]!, a, "search=anxel&limit=2");
    const expected = (await LISTS[2]!.read(a, "search=anxel&limit=100")).ids;
    expect(expected.length).toBe(5); // 'Ánxel' is every fifth of the 23
    expect(pages.flat()).toEqual(expected);
  });

  it("keeps the spec's pagination beside the cursor (CAP students)", async () => {
    const first = studentPageSchema.parse((await get(a, "/administrator/students?limit=10")).json);
    expect(first.pagination).toMatchObject({ page: 1, total: 24, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    const second = studentPageSchema.parse((await get(a, `/administrator/students?limit=10&page=2&cursor=${first.pagination.nextCursor}`)).json);
    expect(second.pagination).toMatchObject({ page: 2, total: 24, hasPreviousPage: true, hasNextPage: true });
    // The spec's own call, by page number, reads the same page.
    const byOffset = studentPageSchema.parse((await get(a, "/administrator/students?limit=10&page=2")).json);
    expect(byOffset.data.map((s) => s.id)).toEqual(second.data.map((s) => s.id));
  });

  it("searches assignments on the server, with the cursor (student's name, accents ignored)", async () => {
    const pages = await walk(LISTS[3]!, a, "search=inigo&limit=2");
    expect(pages.flat()).toHaveLength(4); // 'Íñigo' is every fifth of the 23 assigned students
    expect((await LISTS[3]!.read(a, "search=nadie-asi&limit=2")).ids).toEqual([]);
  });

  it("filters the users list by role and search on the server, with the cursor", async () => {
    const pages = await walk(LISTS[0]!, a, "kind=student&search=gil&limit=3");
    const expected = (await LISTS[0]!.read(a, "kind=student&search=gil&limit=100")).ids;
    expect(expected.length).toBeGreaterThan(6);
    expect(pages.flat()).toEqual(expected);
  });
});

describe("the activity log's dates", () => {
  it.each(["to=9999-99-99", "to=9999-12-31", "from=9999-99-99", "from=2024-02-30", "to=0000-00-00", "from=1899-12-31", "to=2024-13-01"])(
    "refuses %s with 422 and the API's error body (year 9999 answered 500)",
    async (query) => {
      const res = await get(a, `/administrator/audit?${query}`);
      expect(res.status).toBe(422);
      expect(res.json).toEqual(expect.objectContaining({ error: "VALIDATION_ERROR", message: expect.stringMatching(/fecha/) }));
    },
  );

  it("filters by action and dates while paging", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const pages = await walk(LISTS[4]!, a, `action=vehicle.created&from=2000-01-01&to=2200-12-31&limit=3`);
    expect(pages.flat()).toHaveLength(8);
    const page = auditPageSchema.parse((await get(a, `/administrator/audit?from=${today}&limit=1`)).json);
    expect(page.actions).toEqual(["settings.updated", "vehicle.created"]);
  });
});
