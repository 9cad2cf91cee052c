import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { officeNoteBodySchema } from "@/lib/contract/people";
import { ownPhoneBodySchema } from "@/lib/contract/phone";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { addOfficeNote, deleteOfficeNote, editOfficeNote, listOfficeNotes } from "./office-notes.service";
import { getOwnContact, setOwnPhone } from "./own-contact.service";
import { getStudentFile } from "./student-file.service";

// People (issue 31 §2): a student's page for the office and for the student's instructors, the office's notes, and
// the contact details of 'Mi perfil'.

const admin = requireRole("administrator");
const studentId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, "Alumno no encontrado");
const noteId = (c: Parameters<typeof readParam>[0]) => readParam(c, "noteId", uuidSchema, "Nota no encontrada");

export const peopleRoutes = new Hono<AppEnv>()
  .get("/administrator/student-files/:id", admin, async (c) =>
    c.json(await getStudentFile(c.var.db, c.var.tenant, { kind: "administrator" }, studentId(c))),
  )
  .get("/instructor/student-files/:id", requireRole("instructor"), async (c) =>
    c.json(await getStudentFile(c.var.db, c.var.tenant, { kind: "instructor", instructorId: requireAuth(c).userId }, studentId(c))),
  )
  .get("/administrator/student-files/:id/notes", admin, async (c) => c.json(await listOfficeNotes(c.var.db, c.var.tenant.id, studentId(c))))
  .post("/administrator/student-files/:id/notes", admin, async (c) => {
    const id = studentId(c);
    const { body } = await readBody(c, officeNoteBodySchema);
    return c.json(await addOfficeNote(c.var.db, c.var.tenant.id, requireAuth(c), id, body), 201);
  })
  .put("/administrator/student-files/:id/notes/:noteId", admin, async (c) => {
    const [id, note] = [studentId(c), noteId(c)];
    const { body } = await readBody(c, officeNoteBodySchema);
    return c.json(await editOfficeNote(c.var.db, c.var.tenant.id, requireAuth(c), id, note, body));
  })
  .delete("/administrator/student-files/:id/notes/:noteId", admin, async (c) =>
    c.json(await deleteOfficeNote(c.var.db, c.var.tenant.id, requireAuth(c), studentId(c), noteId(c))),
  )
  .get("/me/contact", requireRole("any"), async (c) => c.json(await getOwnContact(c.var.db, c.var.tenant.id, requireAuth(c))))
  .put("/me/phone", requireRole("any"), async (c) => {
    const { phone } = await readBody(c, ownPhoneBodySchema);
    return c.json(await setOwnPhone(c.var.db, c.var.tenant.id, requireAuth(c), phone));
  });
