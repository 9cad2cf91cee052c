import { and, asc, count, eq, sql } from "drizzle-orm";
import { DAILY_CAP_ERROR, MESSAGES_DAILY_CAP, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX } from "@/lib/contract/constants/messaging";
import { NEXT_CURSOR_HEADER } from "@/lib/contract/constants/paging";
import { messageListSchema, messageSchema, type Message } from "@/lib/contract/messaging";
import { tenants, users } from "@/server/db/schema/core";
import { conversations, messages } from "@/server/db/schema/messaging";
import { instructorAssignments, licenses } from "@/server/db/schema/reservations";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { resetSendSlots } from "./rate-limit";

// Security round three, "one student can make a conversation too heavy to read": the messages are paged (the spec's
// list, oldest first, the newest page first, the older page's position in X-Next-Cursor, polls for what is newer),
// the ETag comes from a fingerprint, personal answers are not stored by the browser, one author has a daily cap per
// conversation, chat history outlives user removal, and a message written by an administrator acting as a user is
// marked for staff only.
jest.setTimeout(120_000);

let ctx: ApiContext;
type Person = TestUser & { token: string; host: string };
let tenant: TestTenant;
let student: Person, instructor: Person, admin: Person, foreign: Person;

async function person(t: TestTenant, roles: string[], firstName: string): Promise<Person> {
  const user = await createUser(ctx.db, t, { roles, firstName });
  return { ...user, token: await tokenFor(user, t), host: t.host };
}

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  resetSendSlots();
  tenant = await createTenant(ctx.db);
  const foreignTenant = await createTenant(ctx.db);
  student = await person(tenant, ["ROLE_ALUMNO"], "Lucía");
  instructor = await person(tenant, ["ROLE_INSTRUCTOR"], "Carlos");
  admin = await person(tenant, ["ROLE_ADMINISTRADOR"], "Ana");
  foreign = await person(foreignTenant, ["ROLE_ADMINISTRADOR"], "Jorge");
  const [license] = await ctx.db.insert(licenses).values({ tenantId: tenant.id, code: `b-${student.id.slice(0, 8)}`, name: "B" }).returning();
  await ctx.db.insert(instructorAssignments).values({ tenantId: tenant.id, studentId: student.id, instructorId: instructor.id, licenseId: license!.id });
});
afterAll(() => ctx.close());

type Init = { method?: string; body?: unknown; headers?: Record<string, string>; token?: string };
const call = (p: Person, path: string, init: Init = {}) => ctx.call(`/messaging${path}`, { host: p.host, token: p.token, ...init });
const open = async (p: Person, partner: Person): Promise<string> =>
  (await call(p, "/conversations", { method: "POST", body: { partnerId: partner.id } })).json.id;
const send = (p: Person, id: string, body: string, token?: string) =>
  call(p, `/conversations/${id}/messages`, { method: "POST", body: { body }, ...(token ? { token } : {}) });
type Page = { messages: Message[]; nextCursor: string | null };
/** The spec's array, and the older page's position from the header. */
const page = async (p: Person, id: string, query = ""): Promise<Page> => {
  const res = await call(p, `/conversations/${id}/messages${query}`);
  expect(res.status).toBe(200);
  expect(Array.isArray(res.json)).toBe(true);
  return { messages: messageListSchema.parse(res.json), nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
};
const countIn = async (conversationId: string) =>
  (await ctx.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;

/**
 * `n` messages written straight into the table, alternating authors. Three share each instant and neighbouring
 * instants differ by one microsecond, so a cursor that kept only milliseconds (a JavaScript Date) or ignored the id
 * would skip or repeat messages. Answers the ids in the conversation's stable order (created_at, id).
 */
async function seed(conversationId: string, n: number, a: Person, b: Person, at = sql`now() - interval '1 hour'`) {
  await ctx.db.execute(sql`
    INSERT INTO messages (tenant_id, conversation_id, author_id, body, created_at)
    SELECT ${tenant.id}, ${conversationId}, CASE WHEN i % 2 = 0 THEN ${a.id}::uuid ELSE ${b.id}::uuid END, 'mensaje ' || i,
      ${at} + (i / 3) * interval '1 microsecond'
    FROM generate_series(1, ${n}) AS i`);
  const rows = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => r.id);
}

describe("paging a conversation", () => {
  it("answers the spec's array, newest page oldest first, then older pages by X-Next-Cursor, every message once", async () => {
    const id = await open(student, instructor);
    const all = await seed(id, 120, student, instructor);

    // The spec's call, without paging parameters.
    const newest = await page(student, id);
    expect(newest.messages.map((m) => m.id)).toEqual(all.slice(-MESSAGES_PAGE_DEFAULT));
    expect(newest.messages[0]).toEqual({ id: all[70], author: expect.any(String), body: expect.stringMatching(/^mensaje /), createdAt: expect.any(String) });
    expect(newest.nextCursor).toBe(all[70]);

    const seen = [...newest.messages.map((m) => m.id)];
    let cursor = newest.nextCursor;
    const sizes: number[] = [];
    while (cursor) {
      const older = await page(student, id, `?before=${cursor}`);
      sizes.push(older.messages.length);
      seen.unshift(...older.messages.map((m) => m.id));
      cursor = older.nextCursor;
    }
    expect(sizes).toEqual([50, 20]);
    expect(seen).toEqual(all);
  });

  it("sends no X-Next-Cursor when nothing is older: a short conversation, an empty one, a page that ends exactly", async () => {
    const id = await open(student, instructor);
    expect(await page(student, id)).toEqual({ messages: [], nextCursor: null });
    const all = await seed(id, MESSAGES_PAGE_DEFAULT, student, instructor);
    expect(await page(student, id)).toEqual({ messages: expect.any(Array), nextCursor: null });
    const half = await page(student, id, "?limit=25");
    expect(half.nextCursor).toBe(all[25]);
    expect(await page(student, id, `?before=${half.nextCursor}&limit=25`)).toEqual({ messages: expect.any(Array), nextCursor: null });
  });

  it("honours limit up to 100, caps a larger one, and refuses other values with the spec's error format", async () => {
    const id = await open(student, instructor);
    const all = await seed(id, 120, student, instructor);
    expect((await page(student, id, "?limit=1")).messages.map((m) => m.id)).toEqual(all.slice(-1));
    const max = await page(student, id, `?limit=${MESSAGES_PAGE_MAX}`);
    expect(max.messages).toHaveLength(MESSAGES_PAGE_MAX);
    expect(max.nextCursor).toBe(all[20]);
    for (const over of ["101", "5000"]) expect(await page(student, id, `?limit=${over}`)).toEqual(max);
    for (const bad of ["0", "-5", "abc", "2.5", ""]) {
      const res = await call(student, `/conversations/${id}/messages?limit=${bad}`);
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(res.json).toEqual(expect.objectContaining({ error: "VALIDATION_ERROR", message: expect.any(String) }));
    }
  });

  it("polls with `after`: only what is newer than the newest message held, oldest first, no X-Next-Cursor", async () => {
    const id = await open(student, instructor);
    const all = await seed(id, 30, student, instructor);
    const newest = all.at(-1)!;
    expect(await page(instructor, id, `?after=${newest}`)).toEqual({ messages: [], nextCursor: null });

    const sent = messageSchema.parse((await send(student, id, "¿Mañana a las 9?")).json);
    expect(await page(instructor, id, `?after=${newest}`)).toEqual({ messages: [sent], nextCursor: null });

    // Far behind: a full page (more may follow), then the rest from its last message.
    const behind = await page(instructor, id, `?after=${all[9]}&limit=15`);
    expect(behind).toEqual({ messages: expect.any(Array), nextCursor: null });
    expect(behind.messages.map((m) => m.id)).toEqual(all.slice(10, 25));
    const rest = await page(instructor, id, `?after=${behind.messages.at(-1)!.id}&limit=15`);
    expect(rest.messages.map((m) => m.id)).toEqual([...all.slice(25), sent.id]);
  });

  it("refuses a bad cursor with 422, never 500, and another school's conversation with 404", async () => {
    const id = await open(student, instructor);
    await seed(id, 3, student, instructor);
    const elsewhere = await open(student, admin);
    const [otherMessage] = await seed(elsewhere, 1, student, admin);
    for (const query of [
      "?before=not-a-cursor",
      "?after=123",
      `?before=${crypto.randomUUID()}`,
      `?after=${otherMessage}`,
      `?before=${otherMessage}&after=${otherMessage}`,
      "?before=%00",
    ]) {
      const res = await call(student, `/conversations/${id}/messages${query}`);
      expect([query, res.status]).toEqual([query, 422]);
      expect(res.json).toEqual(expect.objectContaining({ error: "VALIDATION_ERROR", message: expect.any(String) }));
    }
    expect((await call(student, `/conversations/${id}/messages?before=${crypto.randomUUID()}`)).json.message).toBe("El cursor de mensajes no es válido");
    for (const query of ["", `?after=${otherMessage}`, "?limit=5"]) {
      const res = await call(foreign, `/conversations/${id}/messages${query}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "NOT_FOUND", message: "Conversación no encontrada" });
    }
  });
});

describe("one reader cannot take the process's share of others", () => {
  it("answers 429 with Retry-After past two pages read at once by the same user, never 5xx; another user still reads", async () => {
    const id = await open(student, instructor);
    await seed(id, 300, student, instructor);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(student, `/conversations/${id}/messages?limit=100`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // PGlite answers queries one at a time, in order: all eight hold their fingerprint before any page is read, so
    // exactly two read. A pool of PostgreSQL connections may finish a read before the next asks (rate-limit.test.ts
    // holds the bound itself).
    if (ctx.kind === "pglite") expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.json).toEqual(expect.objectContaining({ error: "TOO_MANY_REQUESTS", message: expect.stringContaining("a la vez") }));
      expect(refused.headers.get("retry-after")).toBe("1");
    }
    // The places come back when the reads end, and the partner was never limited by the student's reads.
    expect((await call(student, `/conversations/${id}/messages`)).status).toBe(200);
    expect((await call(instructor, `/conversations/${id}/messages`)).status).toBe(200);
  });
});

describe("the ETag is a fingerprint and personal answers are not stored", () => {
  it("answers 304 while the list is the same (a read mark included); a new message or another query answers 200", async () => {
    const id = await open(student, instructor);
    await send(student, id, "hola");
    const path = `/conversations/${id}/messages`;
    const first = await call(student, path);
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await call(student, path, { headers: { "if-none-match": tag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(tag);

    // Another query of the same conversation is another answer.
    expect((await call(student, `${path}?limit=10`, { headers: { "if-none-match": tag } })).status).toBe(200);

    // The partner reads: the read mark travels in the conversation list (the ticks read it there), not in this list,
    // which stays the same and answers 304.
    const listTag = (await call(student, "/conversations")).headers.get("etag")!;
    expect((await call(instructor, `/conversations/${id}/read`, { method: "POST" })).status).toBe(204);
    expect((await call(student, path, { headers: { "if-none-match": tag } })).status).toBe(304);
    const list = await call(student, "/conversations", { headers: { "if-none-match": listTag } });
    expect(list.status).toBe(200);
    expect(list.json[0].partnerLastReadAt).not.toBeNull();

    // A new message, seen by the `after` poll too.
    const lastId = messageListSchema.parse(first.json).at(-1)!.id;
    const poll = await call(student, `${path}?after=${lastId}`);
    expect(poll.status).toBe(200);
    const pollTag = poll.headers.get("etag")!;
    expect((await call(student, `${path}?after=${lastId}`, { headers: { "if-none-match": pollTag } })).status).toBe(304);
    await send(instructor, id, "adiós");
    const changed = await call(student, path, { headers: { "if-none-match": tag } });
    expect(changed.status).toBe(200);
    expect(messageListSchema.parse(changed.json).map((m) => m.body)).toEqual(["hola", "adiós"]);
    const newer = await call(student, `${path}?after=${lastId}`, { headers: { "if-none-match": pollTag } });
    expect(newer.status).toBe(200);
    expect(messageListSchema.parse(newer.json).map((m) => m.body)).toEqual(["adiós"]);
  });

  it("changes the tag with the older page's position: a message that pushes one out of the newest page", async () => {
    const id = await open(student, instructor);
    await seed(id, 2, student, instructor);
    const path = `/conversations/${id}/messages?limit=2`;
    const first = await call(student, path);
    expect(first.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    await send(student, id, "tercero");
    const next = await call(student, path, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(next.status).toBe(200);
    expect(next.headers.get(NEXT_CURSOR_HEADER)).toBe(messageListSchema.parse(next.json)[0]!.id);
  });

  it("marks every personal chat answer private, no-store", async () => {
    const id = await open(student, instructor);
    for (const path of ["/conversations", `/conversations/${id}/messages`, "/conversations/unread-count", "/contacts"]) {
      const res = await call(student, path);
      expect([path, res.status, res.headers.get("cache-control")]).toEqual([path, 200, "private, no-store"]);
    }
    const tag = (await call(student, `/conversations/${id}/messages`)).headers.get("etag")!;
    const notModified = await call(student, `/conversations/${id}/messages`, { headers: { "if-none-match": tag } });
    expect(notModified.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the daily cap per author and conversation", () => {
  it("answers 429 with a Spanish message once an author wrote the day's cap in one conversation", async () => {
    const id = await open(student, instructor);
    await ctx.db.execute(sql`
      INSERT INTO messages (tenant_id, conversation_id, author_id, body)
      SELECT ${tenant.id}, ${id}, ${student.id}, 'm' || i FROM generate_series(1, ${MESSAGES_DAILY_CAP}) AS i`);
    const res = await send(student, id, "uno más");
    expect(res.status).toBe(429);
    expect(res.json).toEqual({
      error: DAILY_CAP_ERROR,
      message: `Has alcanzado el límite de ${MESSAGES_DAILY_CAP} mensajes diarios en esta conversación. Podrás volver a escribir mañana.`,
    });
    expect(await countIn(id)).toBe(MESSAGES_DAILY_CAP);
    // The partner still answers, and the author still writes in another conversation.
    expect((await send(instructor, id, "Mañana seguimos")).status).toBe(201);
    expect((await send(student, await open(student, admin), "Hola")).status).toBe(201);
  });

  it("counts only today's messages", async () => {
    const id = await open(student, instructor);
    await ctx.db.execute(sql`
      INSERT INTO messages (tenant_id, conversation_id, author_id, body, created_at)
      SELECT ${tenant.id}, ${id}, ${student.id}, 'm' || i, now() - interval '2 days' FROM generate_series(1, ${MESSAGES_DAILY_CAP}) AS i`);
    expect((await send(student, id, "Buenos días")).status).toBe(201);
  });
});

describe("an administrator acting as a user", () => {
  it("stores the message as the user's, audits it, and tells staff only who wrote it", async () => {
    const id = await open(student, instructor);
    const acting = await tokenFor(student, tenant, admin.id);
    const res = await send(student, id, "Te escribe la oficina por ti", acting);
    expect(res.status).toBe(201);
    const sent = messageSchema.parse(res.json);
    expect(sent.author).toBe(student.id);
    expect(res.json.actedBy).toBeUndefined();
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ authorId: student.id, actedById: admin.id });
    const audit = await listAudit(ctx.db, tenant.id, "messaging.message_sent_as_user");
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, actingAsId: student.id, targetType: "message", targetId: sent.id })]);

    const byInstructor = (await page(instructor, id)).messages[0]!;
    expect(byInstructor.actedBy).toEqual({ id: admin.id, name: `Ana ${admin.surname1}` });
    const byStudent = await call(student, `/conversations/${id}/messages`);
    expect(byStudent.json[0]).toEqual({ id: sent.id, author: student.id, body: sent.body, createdAt: sent.createdAt });
    // What staff may see is part of the tag: the instructor's tag is no 304 for the student's read of the same page.
    const staffTag = (await call(instructor, `/conversations/${id}/messages`)).headers.get("etag")!;
    const studentRead = await call(student, `/conversations/${id}/messages`, { headers: { "if-none-match": staffTag } });
    expect(studentRead.status).toBe(200);
    expect(studentRead.json[0].actedBy).toBeUndefined();
    // The administrator still acting as the student reads what the student reads.
    const asStudent = await call(student, `/conversations/${id}/messages`, { token: acting });
    expect(asStudent.json[0].actedBy).toBeUndefined();
    // A message the user writes themselves carries nothing, and writes no audit row.
    await send(student, id, "Esto lo escribo yo");
    expect((await page(instructor, id)).messages[1]!.actedBy).toBeUndefined();
    expect(await listAudit(ctx.db, tenant.id, "messaging.message_sent_as_user")).toHaveLength(1);
  });
});

describe("chat history outlives its users", () => {
  it("refuses the CAP delete of a student whose login was removed but who has conversations (STUDENT_IN_USE)", async () => {
    const id = await open(student, instructor);
    await send(student, id, "Hola");
    await send(instructor, id, "Hola Lucía");
    await ctx.db.update(users).set({ username: null, passwordHash: null }).where(eq(users.id, student.id));
    const res = await ctx.call(`/administrator/students/${student.id}`, { method: "DELETE", host: tenant.host, token: admin.token });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "STUDENT_IN_USE", message: "No se puede eliminar el alumno porque tiene datos asociados en otros módulos" });
    expect(await countIn(id)).toBe(2);
    expect(await ctx.db.select().from(users).where(eq(users.id, student.id))).toHaveLength(1);
  });

  it("still deletes a whole school with its conversations", async () => {
    const id = await open(student, instructor);
    await send(student, id, "Hola");
    await ctx.db.delete(tenants).where(eq(tenants.id, tenant.id));
    expect(await ctx.db.select().from(conversations).where(and(eq(conversations.id, id)))).toHaveLength(0);
    expect(await countIn(id)).toBe(0);
  });
});
