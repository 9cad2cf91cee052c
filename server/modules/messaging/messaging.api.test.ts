import { and, count, eq } from "drizzle-orm";
import { contactListSchema, conversationListSchema, messageListSchema, messageSchema } from "@/lib/contract/messaging";
import { isReadByPartner } from "@/components/chat/chat-format";
import { conversationParticipants, conversations, messages } from "@/server/db/schema/messaging";
import { instructorAssignments, licenses } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { resetSendSlots, SEND_LIMIT } from "./rate-limit";

jest.setTimeout(60_000);

// Only Date is faked where a test moves the API process's clock; timers stay real for the database drivers.
const REAL_TIMERS = [
  "hrtime", "nextTick", "performance", "queueMicrotask", "requestAnimationFrame", "cancelAnimationFrame", "requestIdleCallback",
  "cancelIdleCallback", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout",
] as const;

let ctx: ApiContext;
type Person = TestUser & { token: string; host: string };
type World = {
  tenant: TestTenant;
  student: Person; otherStudent: Person; instructor: Person; otherInstructor: Person; admin: Person;
  // The administrator role variants the code accepts (lib/session/roles.ts ADMIN_ROLES).
  englishAdmin: Person; superadmin: Person;
  // Assigned to `instructor` (so only being inactive keeps them out), and an inactive administrator.
  inactiveStudent: Person; inactiveAdmin: Person;
  // Someone of the school with no chat role.
  noChatRole: Person;
  // Another school: its administrator, and a student and instructor assigned to each other there.
  foreign: Person; foreignStudent: Person; foreignInstructor: Person; foreignTenant: TestTenant;
};
let w: World;

async function person(tenant: TestTenant, roles: string[], firstName: string, isActive = true): Promise<Person> {
  const user = await createUser(ctx.db, tenant, { roles, firstName, isActive });
  return { ...user, token: await tokenFor(user, tenant), host: tenant.host };
}

async function assign(tenant: TestTenant, student: Person, instructor: Person) {
  const [license] = await ctx.db.insert(licenses).values({ tenantId: tenant.id, code: `b-${student.id.slice(0, 8)}`, name: "B" }).returning();
  await ctx.db.insert(instructorAssignments).values({ tenantId: tenant.id, studentId: student.id, instructorId: instructor.id, licenseId: license!.id });
}

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  resetSendSlots();
  const tenant = await createTenant(ctx.db);
  const foreignTenant = await createTenant(ctx.db);
  const student = await person(tenant, ["ROLE_ALUMNO"], "Lucía");
  const otherStudent = await person(tenant, ["ROLE_ALUMNO"], "Sara");
  const instructor = await person(tenant, ["ROLE_INSTRUCTOR"], "Carlos");
  const otherInstructor = await person(tenant, ["ROLE_INSTRUCTOR"], "Marta");
  const admin = await person(tenant, ["ROLE_ADMINISTRADOR"], "Ana");
  const englishAdmin = await person(tenant, ["ROLE_ADMINISTRATOR"], "Eva");
  const superadmin = await person(tenant, ["ROLE_SUPERADMIN"], "Raúl");
  const inactiveStudent = await person(tenant, ["ROLE_ALUMNO"], "Iván", false);
  const inactiveAdmin = await person(tenant, ["ROLE_ADMINISTRADOR"], "Irene", false);
  const noChatRole = await person(tenant, ["ROLE_SECRETARIA"], "Nora");
  const foreign = await person(foreignTenant, ["ROLE_ADMINISTRADOR"], "Jorge");
  const foreignStudent = await person(foreignTenant, ["ROLE_ALUMNO"], "Pablo");
  const foreignInstructor = await person(foreignTenant, ["ROLE_INSTRUCTOR"], "Luis");
  await assign(tenant, student, instructor);
  await assign(tenant, inactiveStudent, instructor);
  await assign(foreignTenant, foreignStudent, foreignInstructor);
  w = {
    tenant, student, otherStudent, instructor, otherInstructor, admin, englishAdmin, superadmin, inactiveStudent, inactiveAdmin, noChatRole,
    foreign, foreignStudent, foreignInstructor, foreignTenant,
  };
});
afterAll(() => ctx.close());

const call = (p: Person, path: string, init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) =>
  ctx.call(`/messaging${path}`, { host: p.host, token: p.token, ...init });
const open = (p: Person, partner: Person) => call(p, "/conversations", { method: "POST", body: { partnerId: partner.id } });
const send = (p: Person, id: string, body: string) => call(p, `/conversations/${id}/messages`, { method: "POST", body: { body } });
const foreignRows = async () =>
  (await ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.tenantId, w.foreignTenant.id)))[0]!.n;
const rows = async () => ({
  conversations: (await ctx.db.select({ n: count() }).from(conversations).where(eq(conversations.tenantId, w.tenant.id)))[0]!.n,
  messages: (await ctx.db.select({ n: count() }).from(messages).where(eq(messages.tenantId, w.tenant.id)))[0]!.n,
});

describe("who may talk to whom", () => {
  type Who = Exclude<keyof World, "tenant" | "foreignTenant">;
  const matrix: [Who, Who, boolean][] = [
    ["student", "instructor", true], ["student", "otherInstructor", false], ["student", "admin", true],
    ["student", "otherStudent", false], ["student", "foreign", false],
    ["student", "englishAdmin", true], ["student", "superadmin", true], ["student", "inactiveAdmin", false],
    ["student", "noChatRole", false], ["student", "foreignStudent", false], ["student", "foreignInstructor", false],
    ["instructor", "student", true], ["instructor", "otherStudent", false], ["instructor", "admin", true],
    ["instructor", "otherInstructor", false], ["instructor", "foreign", false],
    ["instructor", "englishAdmin", true], ["instructor", "superadmin", true], ["instructor", "inactiveStudent", false],
    ["instructor", "inactiveAdmin", false], ["instructor", "noChatRole", false],
    ["instructor", "foreignStudent", false], ["instructor", "foreignInstructor", false],
    ["admin", "student", true], ["admin", "otherStudent", true], ["admin", "instructor", true],
    ["admin", "otherInstructor", true], ["admin", "foreign", false],
    ["admin", "englishAdmin", true], ["admin", "superadmin", true], ["admin", "inactiveStudent", false],
    ["admin", "inactiveAdmin", false], ["admin", "noChatRole", false],
    ["admin", "foreignStudent", false], ["admin", "foreignInstructor", false],
    ["englishAdmin", "student", true], ["englishAdmin", "otherInstructor", true], ["englishAdmin", "inactiveStudent", false],
    ["englishAdmin", "foreignStudent", false],
    ["superadmin", "otherStudent", true], ["superadmin", "instructor", true], ["superadmin", "admin", true],
    ["superadmin", "inactiveAdmin", false], ["superadmin", "foreignInstructor", false],
    // The other school's own pair may talk there, and nobody of this school is among their contacts.
    ["foreignStudent", "foreignInstructor", true], ["foreignStudent", "admin", false], ["foreignInstructor", "student", false],
  ];
  it.each(matrix)("%s → %s allowed=%s (contacts and create agree; refused writes nothing)", async (me, partner, allowed) => {
    const a = w[me];
    const b = w[partner];
    const contacts = contactListSchema.parse((await call(a, "/contacts")).json);
    expect(contacts.some((c) => c.id === b.id)).toBe(allowed);
    const before = await rows();
    const foreignBefore = await foreignRows();
    const res = await open(a, b);
    if (allowed) {
      expect(res.status).toBe(201);
      expect(res.json.id).toEqual(expect.any(String));
    } else {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "NOT_FOUND", message: expect.any(String) });
      expect(await rows()).toEqual(before);
      expect(await foreignRows()).toEqual(foreignBefore);
    }
  });

  it("an inactive user cannot use the chat at all", async () => {
    expect((await call(w.inactiveStudent, "/contacts")).status).toBe(401);
    expect((await open(w.inactiveStudent, w.instructor)).status).toBe(401);
    expect(await rows()).toEqual({ conversations: 0, messages: 0 });
  });

  it("shows each administrator variant as an administrator, whatever the caller", async () => {
    const contacts = contactListSchema.parse((await call(w.student, "/contacts")).json);
    expect(Object.fromEntries(contacts.map((c) => [c.id, c.type]))).toEqual({
      [w.instructor.id]: "ROLE_INSTRUCTOR",
      [w.admin.id]: "ROLE_ADMINISTRADOR",
      [w.englishAdmin.id]: "ROLE_ADMINISTRATOR",
      [w.superadmin.id]: "ROLE_SUPERADMIN",
    });
  });

  it("never lists oneself; another tenant's conversation id is 404 for every call", async () => {
    const contacts = contactListSchema.parse((await call(w.admin, "/contacts")).json);
    expect(contacts.map((c) => c.id)).not.toContain(w.admin.id);
    expect(contacts.find((c) => c.id === w.instructor.id)?.type).toBe("ROLE_INSTRUCTOR");
    const { json } = await open(w.student, w.instructor);
    const before = await rows();
    for (const p of [w.foreign, w.otherStudent, w.admin]) {
      expect((await call(p, `/conversations/${json.id}/messages`)).status).toBe(404);
      expect((await send(p, json.id, "hola")).status).toBe(404);
      expect((await call(p, `/conversations/${json.id}/read`, { method: "POST" })).status).toBe(404);
    }
    expect((await call(w.student, "/conversations/not-a-uuid/messages")).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("answers 401 without a token", async () => {
    const res = await ctx.call("/messaging/conversations", { host: w.tenant.host });
    expect(res.status).toBe(401);
  });
});

describe("conversations, messages and unread arithmetic", () => {
  it("creating twice answers the same id; form-encoded bodies work", async () => {
    const first = await open(w.student, w.instructor);
    const again = await call(w.instructor, "/conversations", {
      method: "POST",
      rawBody: new URLSearchParams({ partnerId: w.student.id }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const form = await call(w.student, `/conversations/${first.json.id}/messages`, {
      method: "POST",
      rawBody: new URLSearchParams({ body: "  hola  " }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(201);
    expect(messageSchema.parse(form.json).body).toBe("hola");
  });

  it("counts unread messages, marks read, and exposes the partner's read mark", async () => {
    const { json } = await open(w.student, w.instructor);
    const id: string = json.id;
    await send(w.student, id, "uno");
    await send(w.student, id, "dos");
    expect((await call(w.instructor, "/conversations/unread-count")).json).toEqual({ unreadCount: 2 });
    expect((await call(w.student, "/conversations/unread-count")).json).toEqual({ unreadCount: 0 });
    let list = conversationListSchema.parse((await call(w.instructor, "/conversations")).json);
    expect(list).toEqual([expect.objectContaining({ id, partnerId: w.student.id, unreadCount: 2, read: false, type: "ROLE_ALUMNO" })]);
    let mine = conversationListSchema.parse((await call(w.student, "/conversations")).json)[0]!;
    expect(mine.partnerLastReadAt).toBeNull();

    const msgs = messageListSchema.parse((await call(w.instructor, `/conversations/${id}/messages`)).json);
    expect(msgs.map((m) => m.body)).toEqual(["uno", "dos"]);
    expect(msgs[0]!.author).toBe(w.student.id);
    expect((await call(w.instructor, `/conversations/${id}/read`, { method: "POST" })).status).toBe(204);
    expect((await call(w.instructor, "/conversations/unread-count")).json).toEqual({ unreadCount: 0 });
    list = conversationListSchema.parse((await call(w.instructor, "/conversations")).json);
    expect(list[0]).toMatchObject({ unreadCount: 0, read: true });
    mine = conversationListSchema.parse((await call(w.student, "/conversations")).json)[0]!;
    expect(new Date(mine.partnerLastReadAt!).getTime()).toBeGreaterThanOrEqual(new Date(msgs[1]!.createdAt).getTime());

    await send(w.instructor, id, "tres");
    expect((await call(w.student, "/conversations/unread-count")).json).toEqual({ unreadCount: 1 });
  });

  // Read ticks compare a message's created_at (the database's now()) with the partner's read mark, so the mark must
  // come from the same clock: here the API process's clock runs 10 minutes ahead of the database's. Only a separate
  // PostgreSQL server has a clock of its own; embedded PGlite reads this process's (faked) clock, so no skew exists.
  (process.env.DATABASE_URL ? it : it.skip)("stamps read marks with the database's clock: a message sent after the read is not shown as read", async () => {
    const { json } = await open(w.student, w.instructor);
    const id: string = json.id;
    await send(w.student, id, "uno");
    jest.useFakeTimers({ now: Date.now() + 10 * 60_000, doNotFake: [...REAL_TIMERS] });
    try {
      expect((await call(w.instructor, `/conversations/${id}/read`, { method: "POST" })).status).toBe(204);
    } finally {
      jest.useRealTimers();
    }
    await send(w.student, id, "dos");
    const mark = conversationListSchema.parse((await call(w.student, "/conversations")).json)[0]!.partnerLastReadAt;
    const msgs = messageListSchema.parse((await call(w.student, `/conversations/${id}/messages`)).json);
    expect(msgs.map((m) => [m.body, isReadByPartner(m.createdAt, mark)])).toEqual([["uno", true], ["dos", false]]);
  });

  it("never moves a read mark back, neither on /read nor when the reader sends", async () => {
    const { json } = await open(w.student, w.instructor);
    const id: string = json.id;
    await send(w.student, id, "uno");
    // A mark later than the database's now(), as a /read that committed while this send was in flight leaves it.
    const later = new Date(Date.now() + 60 * 60_000);
    await ctx.db
      .update(conversationParticipants)
      .set({ lastReadAt: later })
      .where(and(eq(conversationParticipants.conversationId, id), eq(conversationParticipants.userId, w.instructor.id)));
    const markSeenByStudent = async () => conversationListSchema.parse((await call(w.student, "/conversations")).json)[0]!.partnerLastReadAt;

    expect((await call(w.instructor, `/conversations/${id}/read`, { method: "POST" })).status).toBe(204);
    expect(await markSeenByStudent()).toBe(later.toISOString());
    expect((await send(w.instructor, id, "dos")).status).toBe(201);
    expect(await markSeenByStudent()).toBe(later.toISOString());
    // The sender's counter is still zeroed by their own message.
    expect((await call(w.instructor, "/conversations/unread-count")).json).toEqual({ unreadCount: 0 });
  });

  it("a sender's read mark is their message's created_at when it had none", async () => {
    const { json } = await open(w.student, w.instructor);
    const sent = messageSchema.parse((await send(w.instructor, json.id, "hola")).json);
    const mark = conversationListSchema.parse((await call(w.student, "/conversations")).json)[0]!.partnerLastReadAt;
    expect(mark).toBe(sent.createdAt);
  });

  it("answers an ETag and 304 while nothing changed, 200 after a change", async () => {
    const { json } = await open(w.student, w.instructor);
    await send(w.student, json.id, "hola");
    for (const path of ["/conversations", `/conversations/${json.id}/messages`]) {
      const first = await call(w.instructor, path);
      const tag = first.headers.get("etag");
      expect(tag).toBeTruthy();
      // Not kept by the browser (a shared computer keeps nothing after logout); the client holds the ETag in memory.
      expect(first.headers.get("cache-control")).toBe("private, no-store");
      const second = await call(w.instructor, path, { headers: { "if-none-match": tag! } });
      expect(second.status).toBe(304);
      expect(second.text).toBe("");
      await send(w.student, json.id, `otro ${path}`);
      const third = await call(w.instructor, path, { headers: { "if-none-match": tag! } });
      expect(third.status).toBe(200);
    }
  });
});

describe("bad input is 4xx and writes nothing", () => {
  it.each([
    ["empty", { body: "" }, 422],
    ["whitespace", { body: "   \n " }, 422],
    ["too long", { body: "a".repeat(4001) }, 422],
    ["missing", {}, 400],
    ["wrong type", { body: 42 }, 422],
  ])("%s body", async (_name, body, status) => {
    const { json } = await open(w.student, w.instructor);
    const before = await rows();
    const res = await call(w.student, `/conversations/${json.id}/messages`, { method: "POST", body });
    expect(res.status).toBe(status);
    expect(res.json).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
    expect(await rows()).toEqual(before);
  });

  it("explains the maximum length in Spanish, keeps markup as text, and accepts exactly 4,000", async () => {
    const { json } = await open(w.student, w.instructor);
    const long = await send(w.student, json.id, "a".repeat(4001));
    expect(long.json.message).toBe("El mensaje no puede superar los 4000 caracteres");
    expect((await send(w.student, json.id, "a".repeat(4000))).status).toBe(201);
    const html = await send(w.student, json.id, "<img src=x onerror=alert(1)>");
    expect(html.json.body).toBe("<img src=x onerror=alert(1)>");
  });

  it("refuses unknown partners, malformed ids and broken JSON", async () => {
    const before = await rows();
    expect((await call(w.student, "/conversations", { method: "POST", body: { partnerId: crypto.randomUUID() } })).status).toBe(404);
    expect((await call(w.student, "/conversations", { method: "POST", body: { partnerId: "x" } })).status).toBe(422);
    expect((await call(w.student, "/conversations", { method: "POST", body: { partnerId: 7 } })).status).toBe(422);
    expect((await call(w.student, "/conversations", { method: "POST", body: {} })).status).toBe(400);
    expect((await call(w.student, "/conversations", { method: "POST", rawBody: "{" })).status).toBe(400);
    expect((await call(w.student, "/conversations", { method: "POST", body: { partnerId: w.student.id } })).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("rate-limits a flooding sender with 429 and a Spanish message", async () => {
    const { json } = await open(w.student, w.instructor);
    for (let i = 0; i < SEND_LIMIT; i++) expect((await send(w.student, json.id, `m${i}`)).status).toBe(201);
    const res = await send(w.student, json.id, "uno más");
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/demasiados mensajes/);
    expect((await rows()).messages).toBe(SEND_LIMIT);
  });
});
