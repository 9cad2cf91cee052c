import { Hono } from "hono";
import { capStudentBodySchema, saveBiometricReferenceBodySchema, studentListQuerySchema } from "@/lib/contract/cap";
import { uuidSchema } from "@/lib/contract/common";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam, readQuery } from "../../http/validate";
import { eraseReference, getReference, saveReference } from "./biometric-reference.service";
import { createCapStudent, getStudent, listStudents, removeStudent, updateCapStudent } from "./students.service";

const admin = requireRole("administrator");
const studentId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, "Alumno no encontrado");

export const studentRoutes = new Hono<AppEnv>()
  .get("/administrator/students", admin, async (c) => c.json(await listStudents(c.var.db, c.var.tenant, readQuery(c, studentListQuerySchema))))
  .post("/administrator/students/create-cap", admin, async (c) => {
    const body = await readBody(c, capStudentBodySchema);
    return c.json(await createCapStudent(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .get("/administrator/students/:id", admin, async (c) => c.json(await getStudent(c.var.db, c.var.tenant, studentId(c))))
  .post("/administrator/students/:id/update-cap", admin, async (c) => {
    const id = studentId(c);
    const body = await readBody(c, capStudentBodySchema);
    return c.json(await updateCapStudent(c.var.db, c.var.tenant, requireAuth(c), id, body));
  })
  .delete("/administrator/students/:id", admin, async (c) => {
    await removeStudent(c.var.db, c.var.tenant, requireAuth(c), studentId(c));
    return c.body(null, 204);
  })
  .get("/administrator/students/:id/biometric-reference", admin, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getReference(c.var.db, c.var.tenant, requireAuth(c), studentId(c)));
  })
  .post("/administrator/students/:id/biometric-reference", admin, async (c) => {
    const id = studentId(c);
    const body = await readBody(c, saveBiometricReferenceBodySchema);
    return c.json(await saveReference(c.var.db, c.var.tenant, requireAuth(c), id, body.images ?? [body.image!]), 201);
  })
  .delete("/administrator/students/:id/biometric-reference", admin, async (c) => {
    await eraseReference(c.var.db, c.var.tenant, requireAuth(c), studentId(c));
    return c.body(null, 204);
  });
