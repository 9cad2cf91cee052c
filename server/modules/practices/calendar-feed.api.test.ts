import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { calendarFeedSchema } from "@/lib/contract/calendar";
import { capAttendances, capCourses, capEnrollments, capSessions, sections } from "@/server/db/schema/cap";
import { users } from "@/server/db/schema/core";
import { calendarFeedTokens, practices, schoolEvents } from "@/server/db/schema/practices";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const feedCall = (method: string, token = w.studentToken) => ctx.call("/student/calendar/feed", { method, host: w.tenant.host, token });
const subscribe = async () => calendarFeedSchema.parse((await feedCall("POST")).json);
// The feed as a calendar app asks for it: no session, the tenant's host, the token in the URL.
const readFeed = (path: string, host = w.tenant.host) => ctx.call(path.replace(/^\/api/, ""), { host });
const tokenRows = async () => (await ctx.db.select({ n: count() }).from(calendarFeedTokens).where(eq(calendarFeedTokens.tenantId, w.tenant.id)))[0].n;

describe("iCal subscription", () => {
  it("creates a secret URL whose feed lists the active reservations, the practices once and the sessions", async () => {
    expect(calendarFeedSchema.parse((await feedCall("GET")).json)).toEqual({ path: null, createdAt: null });
    const feed = await subscribe();
    expect(feed.path).toMatch(/^\/api\/calendar\/feed\.ics\?token=[A-Za-z0-9_-]{43}$/);
    // Shown once: later the student learns that a link is live, not the link.
    expect(calendarFeedSchema.parse((await feedCall("GET")).json)).toEqual({ path: null, createdAt: feed.createdAt });

    const confirmed = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    const requested = await insertReservation(ctx.db, w, localSlot(4, 10), "requested");
    const cancelled = await insertReservation(ctx.db, w, localSlot(5, 10), "cancelled");
    const practiced = await insertReservation(ctx.db, w, localSlot(-2, 10), "confirmed");
    const farAway = await insertReservation(ctx.db, w, localSlot(400, 10), "confirmed");
    await ctx.db.insert(practices).values({
      tenantId: w.tenant.id, studentId: w.student.id, instructorId: w.instructor.id, licenseId: w.license.id,
      reservationId: practiced.id, startAt: practiced.startAt, endAt: practiced.endAt, kmStart: 100, kmEnd: 142,
    });
    const ev = localSlot(6, 18);
    await ctx.db.insert(schoolEvents).values([
      { tenantId: w.tenant.id, title: "Charla DGT", startAt: new Date(ev.start), endAt: new Date(ev.end), url: "https://example.org/charla" },
      { tenantId: w.tenant.id, title: "Enlace raro", startAt: new Date(ev.start), endAt: new Date(ev.end), url: "javascript:alert(1)" },
    ]);

    const [section] = await ctx.db.insert(sections).values({ tenantId: w.tenant.id, name: "Sede" }).returning();
    const [course] = await ctx.db
      .insert(capCourses)
      .values({ tenantId: w.tenant.id, sectionId: section!.id, name: "CAP Mercancías", code: "28/1", startDate: "2020-01-01", endDate: "2099-01-01" })
      .returning();
    await ctx.db.insert(capEnrollments).values({ tenantId: w.tenant.id, capCourseId: course!.id, studentId: w.student.id });
    const session = localSlot(1, 9, 4);
    const [capSession] = await ctx.db.insert(capSessions).values({
      tenantId: w.tenant.id, capCourseId: course!.id, sectionId: section!.id, code: "28/1", name: "Sesión CAP de mañana",
      startAt: new Date(session.start), endAt: new Date(session.end),
    }).returning();
    // The student is in the session as the CAP module puts them: an attendance row made when it was created.
    await ctx.db.insert(capAttendances).values({ tenantId: w.tenant.id, capSessionId: capSession!.id, studentId: w.student.id });

    const res = await readFeed(feed.path!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = res.text;
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`X-WR-CALNAME:${w.tenant.name}: Mi calendario`);
    expect(ics).toContain(`UID:reservation-${confirmed.id}@volante.calendar`);
    expect(ics).toContain(`UID:reservation-${requested.id}@volante.calendar`);
    expect(ics).toContain("SUMMARY:Clase práctica pendiente de confirmar (Permiso B)\r\nDTSTAMP");
    expect(ics).toContain("STATUS:TENTATIVE");
    expect(ics).not.toContain(cancelled.id);
    expect(ics).not.toContain(farAway.id);
    // The finished lesson appears once, as the practice, with its km.
    expect(ics).not.toContain(`reservation-${practiced.id}`);
    expect(ics).toContain("SUMMARY:Práctica finalizada (Permiso B)");
    expect(ics).toContain("Km. Recorridos: 42");
    expect(ics).toContain("URL:https://example.org/charla");
    expect(ics).not.toContain("javascript:");
    expect(ics).toContain("SUMMARY:Sesión CAP de mañana\r\nDTSTAMP");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(6);
  });

  it("rotating replaces the token and revoking removes it: the old URLs answer 404", async () => {
    const first = await subscribe();
    const second = await subscribe();
    expect(second.path).not.toBe(first.path);
    expect(await tokenRows()).toBe(1);
    expect((await readFeed(first.path!)).status).toBe(404);
    expect((await readFeed(second.path!)).status).toBe(200);

    expect((await feedCall("DELETE")).status).toBe(204);
    expect((await readFeed(second.path!)).status).toBe(404);
    expect(calendarFeedSchema.parse((await feedCall("GET")).json)).toEqual({ path: null, createdAt: null });
    expect((await feedCall("DELETE")).status).toBe(204);
    expect(await tokenRows()).toBe(0);
  });

  it("answers 404 for a wrong, malformed or missing token, another school's host and a deactivated student", async () => {
    const { path } = await subscribe();
    const token = path!.split("token=")[1];
    const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await readFeed(`/calendar/feed.ics?token=${wrong}`)).status).toBe(404);
    expect((await readFeed(`/calendar/feed.ics?token=${token}x`)).status).toBe(404);
    expect((await readFeed("/calendar/feed.ics")).status).toBe(404);
    const other = await createBookingWorld(ctx.db);
    expect((await readFeed(path!, other.tenant.host)).status).toBe(404);

    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, w.student.id));
    expect((await readFeed(path!)).status).toBe(404);
  });

  it("is the student's own: 401 without a session, 403 for an instructor and for an administrator impersonating", async () => {
    expect((await ctx.call("/student/calendar/feed", { method: "POST", host: w.tenant.host })).status).toBe(401);
    expect((await feedCall("POST", w.instructorToken)).status).toBe(403);
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const impersonating = await tokenFor(w.student, w.tenant, admin.id);
    for (const method of ["GET", "POST", "DELETE"]) expect((await feedCall(method, impersonating)).status).toBe(403);
    expect(await tokenRows()).toBe(0);
  });
});

describe("the feed's token as a credential", () => {
  const tokenOf = (path: string) => path.split("token=")[1]!;

  it("is stored only as its SHA-256: the table's value opens no feed", async () => {
    const { path } = await subscribe();
    const [row] = await ctx.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, w.student.id));
    expect(row!.tokenHash).toBe(crypto.createHash("sha256").update(tokenOf(path!)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokenOf(path!));
    expect((await readFeed(`/calendar/feed.ics?token=${row!.tokenHash}`)).status).toBe(404);
  });

  it("keeps a link made before the hashing working: migration 0012 hashes the stored tokens as the server does", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    await ctx.db.insert(calendarFeedTokens).values({ tenantId: w.tenant.id, userId: w.student.id, tokenHash: token });
    const migration = fs.readFileSync(path.join(process.cwd(), "server/db/migrations/0012_passwords.sql"), "utf8");
    const update = migration.split("--> statement-breakpoint").find((s) => /^\s*UPDATE/m.test(s))!;
    await ctx.db.execute(sql.raw(`${update.replace(/^--.*$/gm, "").trim().replace(/;$/, "")} WHERE "user_id" = '${w.student.id}'`));
    expect((await readFeed(`/calendar/feed.ics?token=${token}`)).status).toBe(200);
  });

  it("ends with the student's password: changed, set with a link or set by the office", async () => {
    const student = await createUser(ctx.db, w.tenant, { password: "original1" });
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const adminToken = await tokenFor(admin, w.tenant);
    // Each password change ends the student's sessions too: a fresh one for each subscription.
    const signIn = async (password: string) =>
      (await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: student.username, password } })).json.token as string;
    const subscribeAs = async (password: string) => calendarFeedSchema.parse((await feedCall("POST", await signIn(password))).json).path!;

    const first = await subscribeAs("original1");
    expect((await readFeed(first)).status).toBe(200);
    const body = { currentPassword: "original1", newPassword: "cambiada-1" };
    expect((await ctx.call("/auth/change-password", { method: "POST", host: w.tenant.host, token: await signIn("original1"), body })).status).toBe(200);
    expect((await readFeed(first)).status).toBe(404);

    const second = await subscribeAs("cambiada-1");
    const reset = await ctx.call(`/administrator/users/${student.id}/password`, { method: "POST", host: w.tenant.host, token: adminToken, body: { password: "cambiada-2" } });
    expect(reset.status).toBe(200);
    expect((await readFeed(second)).status).toBe(404);

    const third = await subscribeAs("cambiada-2");
    const link = await ctx.call(`/administrator/users/${student.id}/password-link`, { method: "POST", host: w.tenant.host, token: adminToken });
    expect((await readFeed(third)).status).toBe(200);
    const set = await ctx.call("/auth/set-password", { method: "POST", host: w.tenant.host, body: { token: link.json.token, password: "cambiada-3" } });
    expect(set.status).toBe(200);
    expect((await readFeed(third)).status).toBe(404);
    expect(await tokenRows()).toBe(0);
  });

  it("ends when the office removes the student's username (the login goes, and the link with it)", async () => {
    const student = await createUser(ctx.db, w.tenant, { password: "original1", surname1: "López", dni: "00000000T" });
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const token = (await ctx.call("/login", { method: "POST", host: w.tenant.host, body: { username: student.username, password: "original1" } })).json.token as string;
    const path = calendarFeedSchema.parse((await feedCall("POST", token)).json).path!;
    expect((await readFeed(path)).status).toBe(200);
    const body = { firstName: "Marta", surname1: "López", dni: "00000000T", username: null, kind: "student" };
    const res = await ctx.call(`/administrator/users/${student.id}`, { method: "PUT", host: w.tenant.host, token: await tokenFor(admin, w.tenant), body });
    expect(res.status).toBe(200);
    expect((await readFeed(path)).status).toBe(404);
  });
});
