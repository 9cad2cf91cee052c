import { Hono } from "hono";
import { enrollBodySchema } from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { enrollStudents, getEnrollments, unenrollStudent } from "./enrollments.service";

const admin = requireRole("administrator");
const courseId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, "Curso no encontrado");

export const enrollmentRoutes = new Hono<AppEnv>()
  .get("/administrator/cap/cap-courses/:id/enrollments", admin, async (c) =>
    c.json(await getEnrollments(c.var.db, c.var.tenant, courseId(c))),
  )
  .post("/administrator/cap/cap-courses/:id/enrollments", admin, async (c) => {
    const id = courseId(c);
    const body = await readBody(c, enrollBodySchema);
    return c.json(await enrollStudents(c.var.db, c.var.tenant, requireAuth(c), id, body.studentIds));
  })
  .delete("/administrator/cap/cap-courses/:id/enrollments/:enrollmentId", admin, async (c) => {
    const id = courseId(c);
    const enrollmentId = readParam(c, "enrollmentId", uuidSchema, "Inscripción no encontrada");
    await unenrollStudent(c.var.db, c.var.tenant, requireAuth(c), id, enrollmentId);
    return c.body(null, 204);
  });
