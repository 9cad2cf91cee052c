import { Hono } from "hono";
import { z } from "zod";
import {
  adminPasswordBodySchema,
  createUserBodySchema,
  setPasswordBodySchema,
  userBodySchema,
  userListQuerySchema,
} from "@/lib/contract/backoffice-users";
import {
  assignmentQuerySchema,
  auditQuerySchema,
  createAssignmentBodySchema,
  createLicenseBodySchema,
  instructorLicensesBodySchema,
  settingsBodySchema,
  vehicleBodySchema,
} from "@/lib/contract/backoffice";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { listAuditLog } from "./audit.service";
import * as licenses from "./licenses.service";
import { setPasswordWithToken } from "./set-password.service";
import { updateSettings } from "./settings.service";
import * as users from "./users-admin.service";
import { createVehicle, listVehicles, updateVehicle } from "./vehicles.service";

const admin = requireRole("administrator");
const id = (c: Parameters<typeof readParam>[0], name = "id", message?: string) => readParam(c, name, z.string().uuid(), message);

export const backofficeRoutes = new Hono<AppEnv>()
  // Public: the end of a set-password link (the token is the credential).
  .post("/auth/set-password", async (c) => {
    const body = await readBody(c, setPasswordBodySchema);
    return c.json(await setPasswordWithToken(c.var.db, c.var.tenant, body));
  })
  .get("/administrator/users", admin, async (c) =>
    c.json(await users.listAdminUsers(c.var.db, c.var.tenant, requireAuth(c), readQuery(c, userListQuerySchema))),
  )
  .post("/administrator/users", admin, async (c) => {
    const body = await readBody(c, createUserBodySchema);
    return c.json(await users.createAdminUser(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .get("/administrator/users/:id", admin, async (c) =>
    c.json(await users.getAdminUser(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Usuario no encontrado"))),
  )
  .put("/administrator/users/:id", admin, async (c) => {
    const userId = id(c, "id", "Usuario no encontrado");
    const body = await readBody(c, userBodySchema);
    return c.json(await users.updateAdminUser(c.var.db, c.var.tenant, requireAuth(c), userId, body));
  })
  .post("/administrator/users/:id/deactivate", admin, async (c) =>
    c.json(await users.setUserActive(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Usuario no encontrado"), false)),
  )
  .post("/administrator/users/:id/reactivate", admin, async (c) =>
    c.json(await users.setUserActive(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Usuario no encontrado"), true)),
  )
  .post("/administrator/users/:id/password-link", admin, async (c) =>
    c.json(await users.createPasswordLink(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Usuario no encontrado"))),
  )
  .post("/administrator/users/:id/password", admin, async (c) => {
    const userId = id(c, "id", "Usuario no encontrado");
    const body = await readBody(c, adminPasswordBodySchema);
    await users.setPasswordByOffice(c.var.db, c.var.tenant, requireAuth(c), userId, body.password);
    return c.json({ success: true });
  })
  .get("/administrator/licenses", admin, async (c) => c.json(await licenses.listLicenses(c.var.db, c.var.tenant)))
  .post("/administrator/licenses", admin, async (c) => {
    const body = await readBody(c, createLicenseBodySchema);
    return c.json(await licenses.addLicense(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .delete("/administrator/licenses/:id", admin, async (c) => {
    await licenses.removeLicense(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Permiso no encontrado"));
    return c.json({ success: true });
  })
  .put("/administrator/instructors/:id/licenses", admin, async (c) => {
    const instructorId = id(c, "id", "Profesor no encontrado");
    const body = await readBody(c, instructorLicensesBodySchema);
    return c.json(await licenses.setInstructorLicenses(c.var.db, c.var.tenant, requireAuth(c), instructorId, body.licenseIds));
  })
  .get("/administrator/assignments", admin, async (c) =>
    sendPage(c, await licenses.listAssignments(c.var.db, c.var.tenant, readQuery(c, assignmentQuerySchema))),
  )
  .post("/administrator/assignments", admin, async (c) => {
    const body = await readBody(c, createAssignmentBodySchema);
    return c.json(await licenses.addAssignment(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .delete("/administrator/assignments/:id", admin, async (c) => {
    await licenses.removeAssignment(c.var.db, c.var.tenant, requireAuth(c), id(c, "id", "Asignación no encontrada"));
    return c.json({ success: true });
  })
  .get("/administrator/vehicles", admin, async (c) => c.json(await listVehicles(c.var.db, c.var.tenant)))
  .post("/administrator/vehicles", admin, async (c) => {
    const body = await readBody(c, vehicleBodySchema);
    return c.json(await createVehicle(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .put("/administrator/vehicles/:id", admin, async (c) => {
    const vehicleId = id(c, "id", "Vehículo no encontrado");
    const body = await readBody(c, vehicleBodySchema);
    return c.json(await updateVehicle(c.var.db, c.var.tenant, requireAuth(c), vehicleId, body));
  })
  .put("/administrator/settings", admin, async (c) => {
    const body = await readBody(c, settingsBodySchema);
    return c.json(await updateSettings(c.var.db, c.var.tenant, requireAuth(c), body));
  })
  .get("/administrator/audit", admin, async (c) => c.json(await listAuditLog(c.var.db, c.var.tenant, readQuery(c, auditQuerySchema))));
