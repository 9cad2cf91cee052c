import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { optionalReasonBodySchema, rejectCancellationBodySchema } from "@/lib/contract/instructor";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { decide } from "../instructor/instructor-reservations.service";
import { getOfficeHome } from "./office-home.service";

// The office's day (issue 31 §1): its home in one call, and the instructors' decisions on any of the school's
// reservations, with the instructors' rules (instructor-reservations.service.ts) and audited as the office's.

const admin = requireRole("administrator");
const NOT_FOUND = "Reserva no encontrada";
const reservationId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, NOT_FOUND);
const AS_OFFICE = true;

export const officeRoutes = new Hono<AppEnv>()
  .get("/administrator/home", admin, async (c) => c.json(await getOfficeHome(c.var.db, c.var.tenant)))
  .post("/administrator/reservations/:id/confirm", admin, async (c) =>
    c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), reservationId(c), "confirm", null, new Date(), AS_OFFICE)),
  )
  .post("/administrator/reservations/:id/deny", admin, async (c) => {
    const id = reservationId(c);
    const { reason } = await readBody(c, optionalReasonBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "deny", reason, new Date(), AS_OFFICE));
  })
  .post("/administrator/reservations/:id/annul", admin, async (c) => {
    const id = reservationId(c);
    const { reason } = await readBody(c, optionalReasonBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "annul", reason, new Date(), AS_OFFICE));
  })
  .post("/administrator/reservations/:id/cancellation-request/accept", admin, async (c) =>
    c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), reservationId(c), "acceptCancellation", null, new Date(), AS_OFFICE)),
  )
  .post("/administrator/reservations/:id/cancellation-request/reject", admin, async (c) => {
    const id = reservationId(c);
    const { reason } = await readBody(c, rejectCancellationBodySchema);
    return c.json(await decide(c.var.db, c.var.tenant, requireAuth(c), id, "rejectCancellation", reason, new Date(), AS_OFFICE));
  });
