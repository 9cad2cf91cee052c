import { Hono } from "hono";
import {
  finishPracticeBodySchema,
  instructorPracticesQuerySchema,
  manualPracticeBodySchema,
  practiceHistoryQuerySchema,
} from "@/lib/contract/practices";
import { calendarFeedQuerySchema, studentCalendarQuerySchema } from "@/lib/contract/calendar";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { notFound } from "../../http/errors";
import { readBody, readQuery } from "../../http/validate";
import { getCalendarFeed, renderCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from "./calendar-feed.service";
import { getStudentCalendar } from "./calendar.service";
import {
  finishPractice,
  getStudentHistory,
  listFleet,
  listInstructorPractices,
  listPendingPractices,
  recordManualPractice,
} from "./practices.service";

export const practiceRoutes = new Hono<AppEnv>()
  .get("/student/practices/history", requireRole("student"), async (c) => {
    const query = readQuery(c, practiceHistoryQuerySchema);
    const { history, nextCursor } = await getStudentHistory(c.var.db, c.var.tenant, requireAuth(c).userId, query);
    return sendPage(c, { items: history, nextCursor });
  })
  .get("/student/calendar", requireRole("student"), async (c) => {
    const query = readQuery(c, studentCalendarQuerySchema);
    return c.json(await getStudentCalendar(c.var.db, c.var.tenant.id, requireAuth(c).userId, query, new Date()));
  })
  .get("/student/calendar/feed", requireRole("student"), async (c) => c.json(await getCalendarFeed(c.var.db, c.var.tenant, requireAuth(c))))
  .post("/student/calendar/feed", requireRole("student"), async (c) =>
    c.json(await rotateCalendarFeed(c.var.db, c.var.tenant, requireAuth(c)), 201),
  )
  .delete("/student/calendar/feed", requireRole("student"), async (c) => {
    await revokeCalendarFeed(c.var.db, c.var.tenant, requireAuth(c));
    return c.body(null, 204);
  })
  // Public: calendar apps carry no session; the secret token in the URL is the credential.
  .get("/calendar/feed.ics", async (c) => {
    const query = calendarFeedQuerySchema.safeParse({ token: c.req.query("token") });
    if (!query.success) throw notFound("Calendario no encontrado");
    const body = await renderCalendarFeed(c.var.db, c.var.tenant, query.data.token);
    return c.body(body, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="calendario.ics"',
      "cache-control": "private, max-age=300",
      "referrer-policy": "no-referrer",
    });
  })
  .get("/instructor/practices/pending", requireRole("instructor"), async (c) =>
    c.json(await listPendingPractices(c.var.db, c.var.tenant, requireAuth(c).userId)),
  )
  .get("/instructor/vehicles", requireRole("instructor"), async (c) => c.json(await listFleet(c.var.db, c.var.tenant)))
  .get("/instructor/practices", requireRole("instructor"), async (c) => {
    const query = readQuery(c, instructorPracticesQuerySchema);
    return sendPage(c, await listInstructorPractices(c.var.db, c.var.tenant, requireAuth(c).userId, query));
  })
  .post("/instructor/practices", requireRole("instructor"), async (c) => {
    const body = await readBody(c, finishPracticeBodySchema);
    return c.json(await finishPractice(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .post("/instructor/practices/manual", requireRole("instructor"), async (c) => {
    const body = await readBody(c, manualPracticeBodySchema);
    return c.json(await recordManualPractice(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  });
