import { Hono } from "hono";
import { createCapCourseBodySchema, createCapSessionBodySchema } from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { createCourse, getCourse, getCourses } from "./courses.service";
import { createSession, getCourseSessions, loadSession } from "./sessions.service";

const admin = requireRole("administrator");
const courseId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, "Curso no encontrado");

export const courseRoutes = new Hono<AppEnv>()
  .get("/administrator/cap/cap-courses", admin, async (c) => c.json(await getCourses(c.var.db, c.var.tenant)))
  .post("/administrator/cap/cap-courses", admin, async (c) => {
    const body = await readBody(c, createCapCourseBodySchema);
    return c.json(await createCourse(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .get("/administrator/cap/cap-courses/:id", admin, async (c) => c.json(await getCourse(c.var.db, c.var.tenant, courseId(c))))
  .get("/administrator/cap/cap-courses/:id/sessions", admin, async (c) =>
    c.json(await getCourseSessions(c.var.db, c.var.tenant, courseId(c))),
  )
  .post("/administrator/cap/cap-courses/:id/sessions", admin, async (c) => {
    const id = courseId(c);
    const body = await readBody(c, createCapSessionBodySchema);
    return c.json(await createSession(c.var.db, c.var.tenant, requireAuth(c), id, body), 201);
  })
  .get("/administrator/cap/cap-sessions/:id", admin, async (c) => {
    const id = readParam(c, "id", uuidSchema, "Sesión no encontrada");
    return c.json(await loadSession(c.var.db, c.var.tenant, id));
  });
