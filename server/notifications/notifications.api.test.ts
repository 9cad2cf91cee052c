import { and, eq } from "drizzle-orm";
import {
  notificationListSchema,
  notificationPreferencesSchema,
  notificationUnreadCountSchema,
  pushKeySchema,
} from "@/lib/contract/notifications";
import { NEXT_CURSOR_HEADER } from "@/lib/contract/constants/paging";
import { pushSubscriptions } from "@/server/db/schema/notifications";
import { users } from "@/server/db/schema/core";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { randomDni } from "@/tests/fixtures/cap-factories";
import { createUserAgentKeys } from "@/tests/support/web-push-crypto";
import { notify } from "./notify";

// The in-app API (list, unread count, read marks), preferences, the user's own e-mail address and push subscriptions:
// always the caller's own, in the caller's school.
jest.setTimeout(120_000);

let ctx: ApiContext;
type Person = TestUser & { token: string; host: string };
let tenant: TestTenant;
let foreignTenant: TestTenant;
let student: Person;
let otherStudent: Person;
let instructor: Person;
let admin: Person;
let foreignStudent: Person;

async function person(t: TestTenant, roles: string[], firstName = "Test"): Promise<Person> {
  const user = await createUser(ctx.db, t, { roles, firstName, dni: randomDni() });
  return { ...user, token: await tokenFor(user, t), host: t.host };
}

const call = (who: Person, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  ctx.call(path, { ...init, token: who.token, host: who.host });

/** `n` notifications for `who`, one second apart (the newest last), as notify() writes them. */
async function notifyMany(who: Person, t: TestTenant, n: number, start = Date.UTC(2026, 0, 10, 10)) {
  for (let i = 0; i < n; i++) {
    await ctx.db.transaction((tx) =>
      notify(tx, {
        tenantId: t.id,
        userIds: [who.id],
        kind: "reservation-confirmed",
        params: { instructor: "Pablo Ruiz", when: `lesson ${i}`, reservationId: `r${i}` },
        now: new Date(start + i * 1000),
      }),
    );
  }
}

const unread = async (who: Person) => notificationUnreadCountSchema.parse((await call(who, "/notifications/unread-count")).json).count;

beforeAll(async () => {
  ctx = await createApiContext();
  delete process.env.SMTP_URL;
});
beforeEach(async () => {
  [tenant, foreignTenant] = await Promise.all([createTenant(ctx.db), createTenant(ctx.db)]);
  [student, otherStudent, instructor, admin, foreignStudent] = await Promise.all([
    person(tenant, ["ROLE_ALUMNO"], "Lucía"),
    person(tenant, ["ROLE_ALUMNO"], "Mario"),
    person(tenant, ["ROLE_INSTRUCTOR"], "Pablo"),
    person(tenant, ["ROLE_ADMINISTRADOR"], "Ana"),
    person(foreignTenant, ["ROLE_ALUMNO"], "Eva"),
  ]);
});
afterAll(() => ctx.close());

describe("the in-app list", () => {
  it("pages newest first by cursor, and shows what notify() wrote in Spanish with its link", async () => {
    await notifyMany(student, tenant, 62);
    const first = await call(student, "/notifications?limit=25");
    expect(first.status).toBe(200);
    const page1 = notificationListSchema.parse(first.json);
    expect(page1).toHaveLength(25);
    expect(page1[0]).toMatchObject({
      kind: "reservation-confirmed",
      category: "reservations",
      link: "/student/reservations?id=r61",
      readAt: null,
    });
    expect(page1[0]!.body).toContain("lesson 61");
    const seen = [...page1];
    let cursor = first.headers.get(NEXT_CURSOR_HEADER);
    while (cursor) {
      const next = await call(student, `/notifications?limit=25&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...notificationListSchema.parse(next.json));
      cursor = next.headers.get(NEXT_CURSOR_HEADER);
    }
    expect(seen).toHaveLength(62);
    expect(new Set(seen.map((n) => n.id)).size).toBe(62);
    expect(seen.map((n) => n.body.match(/lesson (\d+)/)![1])).toEqual(Array.from({ length: 62 }, (_, i) => String(61 - i)));
    // The default page is 50.
    expect(notificationListSchema.parse((await call(student, "/notifications")).json)).toHaveLength(50);
  });

  it("never shows another user's or another school's notifications", async () => {
    await notifyMany(otherStudent, tenant, 3);
    await notifyMany(foreignStudent, foreignTenant, 2);
    expect((await call(student, "/notifications")).json).toEqual([]);
    expect(await unread(student)).toBe(0);
    expect(notificationListSchema.parse((await call(otherStudent, "/notifications")).json)).toHaveLength(3);
    expect(notificationListSchema.parse((await call(foreignStudent, "/notifications")).json)).toHaveLength(2);
    // A token of one school does not open another school's API.
    const crossed = await ctx.call("/notifications", { token: student.token, host: foreignTenant.host });
    expect(crossed.status).toBe(401);
  });

  it("counts the unread with an ETag: 304 while the count stands, 200 once it moves", async () => {
    await notifyMany(student, tenant, 3);
    const first = await call(student, "/notifications/unread-count");
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ count: 3 });
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toContain("private");
    const again = await call(student, "/notifications/unread-count", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    await notifyMany(student, tenant, 1, Date.UTC(2026, 0, 11));
    const moved = await call(student, "/notifications/unread-count", { headers: { "if-none-match": etag } });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ count: 4 });
  });

  it("marks some ids, or all, read and answers the unread left; others' ids change nothing", async () => {
    await notifyMany(student, tenant, 5);
    await notifyMany(otherStudent, tenant, 2);
    await notifyMany(foreignStudent, foreignTenant, 2);
    const mine = notificationListSchema.parse((await call(student, "/notifications")).json);
    const theirs = notificationListSchema.parse((await call(otherStudent, "/notifications")).json);
    const foreign = notificationListSchema.parse((await call(foreignStudent, "/notifications")).json);

    const some = await call(student, "/notifications/read", { method: "POST", body: { ids: [mine[0]!.id, mine[1]!.id, theirs[0]!.id, foreign[0]!.id] } });
    expect(some.status).toBe(200);
    expect(some.json).toEqual({ count: 3 });
    const after = notificationListSchema.parse((await call(student, "/notifications")).json);
    expect(after.filter((n) => n.readAt !== null).map((n) => n.id).sort()).toEqual([mine[0]!.id, mine[1]!.id].sort());
    expect(await unread(otherStudent)).toBe(2);
    expect(await unread(foreignStudent)).toBe(2);

    const all = await call(student, "/notifications/read", { method: "POST", body: { all: true } });
    expect(all.json).toEqual({ count: 0 });
    expect(await unread(otherStudent)).toBe(2);
    // Marking again keeps the first read instant.
    const readAt = after.find((n) => n.id === mine[0]!.id)!.readAt;
    await call(student, "/notifications/read", { method: "POST", body: { ids: [mine[0]!.id] } });
    expect(notificationListSchema.parse((await call(student, "/notifications")).json).find((n) => n.id === mine[0]!.id)!.readAt).toBe(readAt);
  });

  it.each([
    ["no body", undefined, 422],
    ["neither ids nor all", {}, 422],
    ["all: false", { all: false }, 422],
    ["an empty id list", { ids: [] }, 422],
    ["an id that is not a uuid", { ids: ["abc"] }, 422],
    ["101 ids", { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, 422],
  ])("refuses a read mark with %s", async (_label, body, status) => {
    const res = await call(student, "/notifications/read", { method: "POST", ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(status);
    expect(res.json.error).toBe("VALIDATION_ERROR");
    expect(typeof res.json.message).toBe("string");
  });

  it("refuses a bad page position or size, and answers 401 without a session", async () => {
    expect((await call(student, "/notifications?cursor=nonsense")).status).toBe(422);
    expect((await call(student, "/notifications?limit=0")).status).toBe(422);
    for (const path of ["/notifications", "/notifications/unread-count", "/notifications/preferences", "/notifications/push/key"]) {
      expect((await ctx.call(path, { host: tenant.host })).status).toBe(401);
    }
    expect((await ctx.call("/notifications/read", { method: "POST", host: tenant.host, body: { all: true } })).status).toBe(401);
    expect((await ctx.call("/me/email", { method: "PUT", host: tenant.host, body: { email: null } })).status).toBe(401);
  });
});

describe("preferences", () => {
  it("start from the defaults, with the categories of the user's role", async () => {
    const mine = notificationPreferencesSchema.parse((await call(student, "/notifications/preferences")).json);
    expect(mine).toMatchObject({ email: null, emailEnabled: false, pushEnabled: true, quietHours: true });
    expect(mine.categories).toEqual([
      { category: "reservations", label: "Reservas", push: true, email: true },
      { category: "reminders", label: "Recordatorios", push: true, email: true },
      { category: "practices", label: "Prácticas", push: true, email: false },
      { category: "exams", label: "Exámenes", push: true, email: true },
      { category: "balance", label: "Saldo", push: true, email: true },
      { category: "chat", label: "Mensajes", push: true, email: false },
      { category: "slots", label: "Huecos libres", push: true, email: true },
    ]);
    const instructors = notificationPreferencesSchema.parse((await call(instructor, "/notifications/preferences")).json);
    expect(instructors.categories.map((c) => c.category)).toEqual(["reservations", "reminders", "chat"]);
    const office = notificationPreferencesSchema.parse((await call(admin, "/notifications/preferences")).json);
    expect(office.categories.map((c) => c.category)).toEqual(["balance", "office"]);
  });

  it("saves channels and quiet hours, for this user only", async () => {
    const put = await call(student, "/notifications/preferences", {
      method: "PUT",
      body: { quietHours: false, categories: [{ category: "chat", push: false, email: true }, { category: "reminders", push: true, email: false }] },
    });
    expect(put.status).toBe(200);
    const saved = notificationPreferencesSchema.parse(put.json);
    expect(saved.quietHours).toBe(false);
    expect(saved.categories.find((c) => c.category === "chat")).toMatchObject({ push: false, email: true });
    expect(saved.categories.find((c) => c.category === "reminders")).toMatchObject({ push: true, email: false });
    expect(notificationPreferencesSchema.parse((await call(student, "/notifications/preferences")).json)).toEqual(saved);
    // Another student keeps the defaults; a second save changes only what it names.
    const other = notificationPreferencesSchema.parse((await call(otherStudent, "/notifications/preferences")).json);
    expect(other.quietHours).toBe(true);
    expect(other.categories.find((c) => c.category === "chat")).toMatchObject({ push: true, email: false });
    const second = notificationPreferencesSchema.parse(
      (await call(student, "/notifications/preferences", { method: "PUT", body: { categories: [{ category: "chat", push: true, email: true }] } })).json,
    );
    expect(second.quietHours).toBe(false);
    expect(second.categories.find((c) => c.category === "chat")).toMatchObject({ push: true, email: true });
  });

  it.each([
    ["an unknown category", { categories: [{ category: "lottery", push: true, email: true }] }],
    ["a category of another role", { categories: [{ category: "office", push: false, email: false }] }],
    ["a channel that is not a boolean", { categories: [{ category: "chat", push: "yes", email: true }] }],
    ["quiet hours that are not a boolean", { quietHours: "sometimes" }],
  ])("refuses %s with a Spanish message", async (_label, body) => {
    const res = await call(student, "/notifications/preferences", { method: "PUT", body });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("VALIDATION_ERROR");
    expect(res.json.message).toMatch(/[a-záéíóú]/);
    expect(notificationPreferencesSchema.parse((await call(student, "/notifications/preferences")).json).quietHours).toBe(true);
  });
});

describe("the user's own e-mail address", () => {
  it("is trimmed and lower-cased, unique per school (409 EMAIL_IN_USE), and can be removed", async () => {
    const set = await call(student, "/me/email", { method: "PUT", body: { email: "  Lucia.Martin@Example.COM " } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ email: "lucia.martin@example.com" });
    expect(notificationPreferencesSchema.parse((await call(student, "/notifications/preferences")).json).email).toBe("lucia.martin@example.com");

    const clash = await call(otherStudent, "/me/email", { method: "PUT", body: { email: "LUCIA.MARTIN@example.com" } });
    expect(clash.status).toBe(409);
    expect(clash.json).toEqual({ error: "EMAIL_IN_USE", message: "Ya hay otro usuario con ese correo electrónico" });
    // Another school may have it; the same user may save it again.
    expect((await call(foreignStudent, "/me/email", { method: "PUT", body: { email: "lucia.martin@example.com" } })).status).toBe(200);
    expect((await call(student, "/me/email", { method: "PUT", body: { email: "lucia.martin@example.com" } })).status).toBe(200);

    expect((await call(student, "/me/email", { method: "PUT", body: { email: "" } })).json).toEqual({ email: null });
    expect((await call(otherStudent, "/me/email", { method: "PUT", body: { email: "lucia.martin@example.com" } })).json).toEqual({ email: "lucia.martin@example.com" });
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, student.id));
    expect(row!.email).toBeNull();
  });

  it.each([["not-an-address"], ["two@@example.com"], [`${"a".repeat(250)}@example.com`], ["ana @example.com"], [42]])(
    "refuses %p with 'El correo electrónico no es válido'",
    async (email) => {
      const res = await call(student, "/me/email", { method: "PUT", body: { email } });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: "El correo electrónico no es válido" });
    },
  );

  it("is checked the same way in the office's user form", async () => {
    await call(student, "/me/email", { method: "PUT", body: { email: "lucia@example.com" } });
    const body = { firstName: "Marta", surname1: "López", dni: randomDni(), username: null, kind: "student", access: "none" };
    const dup = await call(admin, "/administrator/users", { method: "POST", body: { ...body, email: " Lucia@Example.com" } });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ error: "EMAIL_IN_USE", message: "Ya hay otro usuario con ese correo electrónico" });
    const bad = await call(admin, "/administrator/users", { method: "POST", body: { ...body, email: "marta@" } });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe("El correo electrónico no es válido");
    const ok = await call(admin, "/administrator/users", { method: "POST", body: { ...body, email: " Marta@Example.com " } });
    expect(ok.status).toBe(201);
    expect(ok.json.user.email).toBe("marta@example.com");
    const none = await call(admin, "/administrator/users", { method: "POST", body: { ...body, dni: randomDni() } });
    expect(none.status).toBe(201);
    expect(none.json.user.email).toBeNull();

    const edit = { firstName: "Marta", surname1: "López", dni: body.dni, username: null, kind: "student" };
    const clash = await call(admin, `/administrator/users/${ok.json.user.id}`, { method: "PUT", body: { ...edit, email: "LUCIA@example.com" } });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toBe("EMAIL_IN_USE");
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ok.json.user.id));
    expect(row!.email).toBe("marta@example.com");
  });
});

describe("push subscriptions", () => {
  const subscription = (endpoint = `http://127.0.0.1:9/push/${crypto.randomUUID()}`) => {
    const keys = createUserAgentKeys();
    return { endpoint, keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.authSecret.toString("base64url") } };
  };
  const rows = (endpoint: string) => ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  it("gives the VAPID public key", async () => {
    const key = pushKeySchema.parse((await call(student, "/notifications/push/key")).json);
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it("stores one row per device: subscribing again updates it, another user takes it over, delete removes only one's own", async () => {
    const sub = subscription();
    const created = await call(student, "/notifications/push/subscriptions", { method: "POST", body: sub, headers: { "user-agent": "Phone" } });
    expect(created.status).toBe(201);
    const again = await call(student, "/notifications/push/subscriptions", { method: "POST", body: { ...sub, keys: subscription().keys } });
    expect(again.json.id).toBe(created.json.id);
    expect(await rows(sub.endpoint)).toHaveLength(1);

    // Somebody else signs in on the same phone: the device is theirs now.
    await call(otherStudent, "/notifications/push/subscriptions", { method: "POST", body: sub });
    const [moved] = await rows(sub.endpoint);
    expect(moved!.userId).toBe(otherStudent.id);

    // The first student cannot remove it any more; its owner can.
    expect((await call(student, "/notifications/push/subscriptions", { method: "DELETE", body: { endpoint: sub.endpoint } })).status).toBe(204);
    expect(await rows(sub.endpoint)).toHaveLength(1);
    expect((await call(otherStudent, "/notifications/push/subscriptions", { method: "DELETE", body: { endpoint: sub.endpoint } })).status).toBe(204);
    expect(await rows(sub.endpoint)).toHaveLength(0);
  });

  it.each([
    ["an ftp endpoint", { ...subscription("ftp://127.0.0.1/push/x") }],
    ["plain http to another host", { ...subscription("http://push.example.com/push/x") }],
    ["not a URL", { ...subscription("not a url") }],
    ["a short p256dh key", { ...subscription(), keys: { p256dh: "BAAA", auth: subscription().keys.auth } }],
    ["a p256dh that is not a P-256 point", { ...subscription(), keys: { p256dh: Buffer.alloc(65, 7).toString("base64url"), auth: subscription().keys.auth } }],
    ["an auth secret of the wrong size", { ...subscription(), keys: { p256dh: subscription().keys.p256dh, auth: Buffer.alloc(12).toString("base64url") } }],
  ])("refuses %s", async (_label, body) => {
    const res = await call(student, "/notifications/push/subscriptions", { method: "POST", body });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: "La suscripción del dispositivo no es válida" });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id))).toHaveLength(0);
  });

  it("asks for the keys, and refuses an administrator acting as the user", async () => {
    const missing = await call(student, "/notifications/push/subscriptions", { method: "POST", body: { endpoint: "https://push.example.com/x" } });
    expect(missing.status).toBe(400);
    const acting = { ...student, token: await tokenFor(student, tenant, admin.id) };
    const res = await call(acting, "/notifications/push/subscriptions", { method: "POST", body: subscription("https://push.example.com/a") });
    expect(res.status).toBe(403);
    expect(await ctx.db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.userId, student.id)))).toHaveLength(0);
  });
});
