import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import {
  bookingCalendarQuerySchema,
  bookingConflictsQuerySchema,
  createReservationBodySchema,
  moveCalendarQuerySchema,
  moveReservationBodySchema,
  requestCancellationBodySchema,
  studentReservationsQuerySchema,
} from "@/lib/contract/reservations";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { getBookingCalendar } from "./booking-calendar.service";
import { bookSlots } from "./booking.service";
import { listBookingConflicts } from "./conflicts.service";
import { getMoveCalendar, movedLesson, moveReservation, type Mover } from "./move.service";
import {
  cancelReservation,
  getStudentReservation,
  listStudentAssignments,
  listStudentReservations,
  requestCancellation,
} from "./reservations.service";

const NOT_FOUND = "Reserva no encontrada";

// Moving a lesson (issue 31 §5): the same two calls for the student, the instructor and the office, each inside its
// own reservations (another's answers 404).
const MOVERS = [
  ["student", "student"],
  ["instructor", "instructor"],
  ["administrator", "office"],
] as const satisfies readonly (readonly ["student" | "instructor" | "administrator", Mover])[];

const moveRoutes = new Hono<AppEnv>();
for (const [role, mover] of MOVERS) {
  moveRoutes
    .get(`/${role}/reservations/:id/move-calendar`, requireRole(role), async (c) => {
      const id = readParam(c, "id", uuidSchema, NOT_FOUND);
      const query = readQuery(c, moveCalendarQuerySchema);
      return c.json(await getMoveCalendar(c.var.db, c.var.tenant, requireAuth(c), id, mover, query));
    })
    .post(`/${role}/reservations/:id/move`, requireRole(role), async (c) => {
      const id = readParam(c, "id", uuidSchema, NOT_FOUND);
      const body = await readBody(c, moveReservationBodySchema);
      await moveReservation(c.var.db, c.var.tenant, requireAuth(c), id, body, mover);
      return c.json(await movedLesson(c.var.db, c.var.tenant, requireAuth(c), id, mover));
    });
}

export const reservationRoutes = new Hono<AppEnv>()
  .route("/", moveRoutes)
  .get("/student/instructor-assignments", requireRole("student"), async (c) =>
    c.json(await listStudentAssignments(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/student/reservations/calendar", requireRole("student"), async (c) => {
    const query = readQuery(c, bookingCalendarQuerySchema);
    return c.json(await getBookingCalendar(c.var.db, c.var.tenant, requireAuth(c), query));
  })
  .get("/student/reservations/conflicts", requireRole("student"), async (c) => {
    const query = readQuery(c, bookingConflictsQuerySchema);
    return c.json(await listBookingConflicts(c.var.db, c.var.tenant, requireAuth(c), query));
  })
  .get("/student/reservations", requireRole("student"), async (c) => {
    const query = readQuery(c, studentReservationsQuerySchema);
    return sendPage(c, await listStudentReservations(c.var.db, c.var.tenant.id, requireAuth(c).userId, query));
  })
  .post("/student/reservations", requireRole("student"), async (c) => {
    const body = await readBody(c, createReservationBodySchema);
    const key = c.req.header("idempotency-key") ?? null;
    const result = await bookSlots(c.var.db, c.var.tenant, requireAuth(c), body, key);
    if (result.isReplay) c.header("Idempotent-Replayed", "true");
    return c.json(result.body, 201);
  })
  .get("/student/reservations/:id", requireRole("student"), async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    return c.json(await getStudentReservation(c.var.db, c.var.tenant.id, requireAuth(c).userId, id));
  })
  .post("/student/reservations/:id/cancel", requireRole("student"), async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    return c.json(await cancelReservation(c.var.db, c.var.tenant, requireAuth(c), id));
  })
  .post("/student/reservations/:id/request-cancellation", requireRole("student"), async (c) => {
    const id = readParam(c, "id", uuidSchema, NOT_FOUND);
    const body = await readBody(c, requestCancellationBodySchema);
    return c.json(await requestCancellation(c.var.db, c.var.tenant, requireAuth(c), id, body.reason));
  });
