import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import {
  instructorCalendarQuerySchema,
  instructorReservationsQuerySchema,
  optionalReasonBodySchema,
  rejectCancellationBodySchema,
} from "@/lib/contract/instructor";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { getDashboard, getInstructorCalendar, listInstructorStudents } from "./instructor-overview.service";
import { decide, listInstructorReservations } from "./instructor-reservations.service";

const NOT_FOUND = "Reserva no encontrada";
const instructor = requireRole("instructor");

export const instructorRoutes = new Hono<AppEnv>()
  .get("/instructor/reservations", instructor, async (c) => {
    const query = readQuery(c, instructorReservationsQuerySchema);
    return sendPage(c, await listInstructorReservations(c.var.db, c.var.tenant.id, requireAuth(c).userId, query));
  })
  .post("/instructor/reservations/:id/confirm", instructor, async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "confirm"));
  })
  .post("/instructor/reservations/:id/deny", instructor, async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    const { reason } = await readBody(c, optionalReasonBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "deny", reason));
  })
  .post("/instructor/reservations/:id/annul", instructor, async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    const { reason } = await readBody(c, optionalReasonBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "annul", reason));
  })
  .post("/instructor/reservations/:id/cancellation-request/accept", instructor, async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "acceptCancellation"));
  })
  .post("/instructor/reservations/:id/cancellation-request/reject", instructor, async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    const { reason } = await readBody(c, rejectCancellationBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "rejectCancellation", reason));
  })
  .get("/instructor/calendar", instructor, async (c) => {
    const query = readQuery(c, instructorCalendarQuerySchema);
    return c.json(await getInstructorCalendar(c.var.db, c.var.tenant, requireAuth(c).userId, query));
  })
  .get("/instructor/dashboard", instructor, async (c) =>
    c.json(await getDashboard(c.var.db, c.var.tenant, requireAuth(c).userId)),
  )
  .get("/instructor/students", instructor, async (c) =>
    c.json(await listInstructorStudents(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  );
