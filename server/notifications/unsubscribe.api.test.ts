import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { unsubscribeResultSchema } from "@/lib/contract/notification-unsubscribe";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { users } from "../db/schema/core";
import { notificationPreferences } from "../db/schema/notifications";
import { closeEmailTransport, sendEmail } from "./email";
import { buildEmailMessage } from "./email-message";
import { unsubscribeToken } from "./unsubscribe-token";

jest.setTimeout(60_000);

let ctx: ApiContext;
let sink: SmtpSink;
let tenant: TestTenant;
let student: TestUser;
const saved = { ...process.env };

beforeAll(async () => {
  [ctx, sink] = await Promise.all([createApiContext(), startSmtpSink()]);
  process.env.SMTP_URL = sink.url;
});
beforeEach(async () => {
  sink.clear();
  tenant = await createTenant(ctx.db);
  student = await createUser(ctx.db, tenant, { email: `alumno-${crypto.randomUUID().slice(0, 8)}@example.com` });
});
afterAll(async () => {
  process.env = saved;
  closeEmailTransport();
  await Promise.all([sink.stop(), ctx.close()]);
});

const path = (token: string) => `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
const tokenOf = (category: "reminders" | "chat" = "reminders", user: { id: string } = student, school: { id: string } = tenant) =>
  unsubscribeToken({ tenantId: school.id, userId: user.id, category });

// What the user sees in 'Mi perfil'.
async function emailPreferences(user: TestUser = student, school: TestTenant = tenant) {
  const res = await ctx.call("/notifications/preferences", { host: school.host, token: await tokenFor(user, school) });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.json.categories as { category: string; push: boolean; email: boolean }[]).map((c) => [c.category, { push: c.push, email: c.email }]));
}

const storedRows = () => ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, student.id));

describe("GET /api/notifications/unsubscribe", () => {
  it("names the category a genuine link turns off, and turns nothing off", async () => {
    const res = await ctx.call(path(tokenOf()), { host: tenant.host });
    expect(res.status).toBe(200);
    expect(unsubscribeResultSchema.parse(res.json)).toEqual({ category: "reminders", label: "Recordatorios" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await storedRows()).toEqual([]);
  });

  it("sends a browser that opened the header's URL to the confirmation page", async () => {
    const token = tokenOf();
    const res = await ctx.call(path(token), { host: tenant.host, headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/baja?token=${token}`);
    expect(await storedRows()).toEqual([]);
  });
});

describe("POST /api/notifications/unsubscribe (RFC 8058 one-click)", () => {
  it("from the List-Unsubscribe header of a received mail: that category's e-mails stop, nothing else changes", async () => {
    const before = await emailPreferences();
    expect(before.reminders).toEqual({ push: true, email: true });
    const notification = { id: crypto.randomUUID(), userId: student.id, category: "reminders" as const, title: "Recordatorio", body: "Mañana a las 10:00", link: "/student/reservations" };
    await sendEmail(await buildEmailMessage(ctx.db, { tenant, notification, to: student.email! }));
    const [mail] = await sink.waitFor(1);
    const url = new URL(/^<(.+)>$/.exec(mail!.headers["list-unsubscribe"]!)![1]!);

    // What a mail provider sends: a POST without any session, form-encoded "List-Unsubscribe=One-Click".
    const res = await ctx.call(`${url.pathname.replace(/^\/api/, "")}${url.search}`, {
      method: "POST",
      host: url.hostname,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ category: "reminders", label: "Recordatorios" });

    const after = await emailPreferences();
    expect(after.reminders).toEqual({ push: true, email: false });
    expect({ ...after, reminders: before.reminders }).toEqual(before);
    // Again (a second click, a provider's retry): the same answer, still off.
    expect((await ctx.call(path(tokenOf()), { method: "POST", host: tenant.host })).status).toBe(200);
    expect((await emailPreferences()).reminders).toEqual({ push: true, email: false });
  });

  it("leaves the other users of the school alone", async () => {
    const classmate = await createUser(ctx.db, tenant);
    expect((await ctx.call(path(tokenOf("reminders")), { method: "POST", host: tenant.host })).status).toBe(200);
    expect((await emailPreferences(classmate)).reminders).toEqual({ push: true, email: true });
    const rows = await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.category, "reminders"));
    expect(rows.filter((r) => r.tenantId === tenant.id).map((r) => [r.userId, r.channel, r.enabled])).toEqual([[student.id, "email", false]]);
  });

  it.each([
    ["an altered token", (t: string) => t.slice(0, 10) + (t[10] === "A" ? "B" : "A") + t.slice(11), 404, "NOT_FOUND"],
    ["a token with another signature", (t: string) => `${t.split(".")[0]}.${crypto.randomBytes(32).toString("base64url")}`, 404, "NOT_FOUND"],
    ["a malformed token", () => "no-es-un-enlace", 422, "VALIDATION_ERROR"],
  ])("refuses %s in the API's error format and writes nothing", async (_name, tamper, status, code) => {
    for (const method of ["GET", "POST"]) {
      const res = await ctx.call(path(tamper(tokenOf())), { method, host: tenant.host });
      expect(res.status).toBe(status);
      expect(res.json).toEqual({ error: code, message: expect.any(String), ...(code === "VALIDATION_ERROR" ? { issues: expect.any(Array) } : {}) });
    }
    expect(await storedRows()).toEqual([]);
  });

  it("refuses a missing token, a token of another school on this one, and a user no longer active", async () => {
    const missing = await ctx.call("/notifications/unsubscribe", { method: "POST", host: tenant.host });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("MISSING_REQUIRED_FIELDS");

    const other = await createTenant(ctx.db);
    const foreign = await ctx.call(path(tokenOf()), { method: "POST", host: other.host });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: "NOT_FOUND", message: "Este enlace para darse de baja no es válido" });

    await ctx.db.update(users).set({ isActive: false }).where(and(eq(users.id, student.id), eq(users.tenantId, tenant.id)));
    expect((await ctx.call(path(tokenOf()), { method: "POST", host: tenant.host })).status).toBe(404);
    expect(await storedRows()).toEqual([]);
  });
});
