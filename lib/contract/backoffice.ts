import { z } from "zod";
import { pageCursorSchema, pageLimitSchema } from "./paging";
import { EDITABLE_SETTING_KEYS, LICENSE_CATALOGUE, type EditableSettingKey } from "./constants/backoffice";
import { EMAIL_MAX_LENGTH } from "./constants/notifications";

// Licences, assignments, vehicles, settings and the audit log of the back-office.
export const LICENSE_CODES = LICENSE_CATALOGUE.map(([code]) => code) as [string, ...string[]];

export const adminLicenseSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  instructorIds: z.array(z.string().uuid()),
  assignmentCount: z.number().int(),
});
export type AdminLicense = z.infer<typeof adminLicenseSchema>;
export const adminLicenseListSchema = z.array(adminLicenseSchema);

export const createLicenseBodySchema = z.object({
  code: z.enum(LICENSE_CODES, { error: "Elige un permiso de la lista" }),
  name: z.string().trim().max(40, "El nombre es demasiado largo").optional(),
});
export type CreateLicenseBody = z.input<typeof createLicenseBodySchema>;

export const instructorLicensesBodySchema = z.object({
  licenseIds: z.array(z.string().uuid("Permiso no válido")).max(50),
});
export type InstructorLicensesBody = z.infer<typeof instructorLicensesBodySchema>;

const personSchema = z.object({ id: z.string().uuid(), name: z.string(), isActive: z.boolean() });
export const adminAssignmentSchema = z.object({
  id: z.string().uuid(),
  student: personSchema,
  instructor: personSchema,
  license: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type AdminAssignment = z.infer<typeof adminAssignmentSchema>;
export const adminAssignmentListSchema = z.array(adminAssignmentSchema);

// A page of the school's assignments, newest first; the next page's position is in X-Next-Cursor (lib/contract/paging.ts).
export const assignmentQuerySchema = z.object({
  studentId: z.string().uuid("Alumno no válido").optional(),
  instructorId: z.string().uuid("Profesor no válido").optional(),
  search: z.string().trim().max(100).optional(),
  cursor: pageCursorSchema,
  limit: pageLimitSchema(20),
});

export const createAssignmentBodySchema = z.object({
  studentId: z.string({ error: "Elige un alumno" }).uuid("Elige un alumno"),
  instructorId: z.string({ error: "Elige un profesor" }).uuid("Elige un profesor"),
  licenseId: z.string({ error: "Elige un permiso" }).uuid("Elige un permiso"),
});
export type CreateAssignmentBody = z.infer<typeof createAssignmentBodySchema>;

// Spanish plates: the national format since 2000 ('1234 BCD', consonants without Ñ or Q) and the
// older provincial one ('M 1234 AB'). Stored upper-case with single spaces.
export function normalizePlate(value: string): string {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  const current = /^(\d{4})([B-DF-HJ-NP-TV-Z]{3})$/.exec(compact);
  if (current) return `${current[1]} ${current[2]}`;
  const provincial = /^([A-Z]{1,2})(\d{4})([A-Z]{1,2})$/.exec(compact);
  if (provincial) return `${provincial[1]} ${provincial[2]} ${provincial[3]}`;
  return value.trim().toUpperCase();
}
export const isValidPlate = (value: string) => /^(\d{4} [B-DF-HJ-NP-TV-Z]{3}|[A-Z]{1,2} \d{4} [A-Z]{1,2})$/.test(normalizePlate(value));

export const vehicleSchema = z.object({
  id: z.string().uuid(),
  plate: z.string(),
  description: z.string().nullable(),
  license: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }).nullable(),
  isActive: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListSchema = z.array(vehicleSchema);

export const vehicleBodySchema = z.object({
  plate: z
    .string({ error: "La matrícula es obligatoria" })
    .trim()
    .min(1, "La matrícula es obligatoria")
    .refine(isValidPlate, "La matrícula no es válida (formato 1234 BCD)")
    .transform(normalizePlate),
  description: z
    .string()
    .trim()
    .max(80, "La descripción es demasiado larga")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  licenseId: z.string().uuid("Permiso no válido").nullable().optional().transform((v) => v ?? null),
  isActive: z.boolean().default(true),
});
export type VehicleBody = z.input<typeof vehicleBodySchema>;

// Settings the office edits (stripe_charges_enabled follows the payment keys and is not editable); the type is defined
// beside its list in constants/backoffice.ts.
export type { EditableSettingKey };
export const settingsBodySchema = z.strictObject(
  Object.fromEntries(
    EDITABLE_SETTING_KEYS.map((k) => [
      k,
      // An address may be long (RFC 5321); every other setting is a short number, duration or mode.
      z.string({ error: "Cada ajuste se envía como texto" }).trim().max(k === "notification_reply_to" ? EMAIL_MAX_LENGTH : 40, "El valor es demasiado largo").optional(),
    ]),
  ) as Record<EditableSettingKey, z.ZodOptional<z.ZodString>>,
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Ese ajuste no existe o no se puede modificar aquí" : undefined) },
);
export type SettingsBody = Partial<Record<EditableSettingKey, string>>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  actingAs: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
// GET /administrator/audit: newest first, a page at a time ('Cargar más'); nextCursor is null on the last page.
// The list is ours (not in the spec): no page numbers or total, which would count the whole log on every read.
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), nextCursor: z.string().nullable(), actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

const INVALID_DAY = "La fecha no es válida";
// A day of the school's calendar ('YYYY-MM-DD'): a real day between 1900 and 2200 (the range of isoDateTimeSchema).
// '9999-99-99' matched the old pattern and overflowed into a year PostgreSQL cannot read (a 500).
export const dayQuerySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY)
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
  }, INVALID_DAY)
  .refine((d) => d >= "1900-01-01" && d <= "2200-12-31", "La fecha está fuera del rango admitido");

// 'from' after 'to' is no error: the answer is simply empty.
export const auditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  actorId: z.string().uuid("Administrador no válido").optional(),
  from: dayQuerySchema.optional(),
  to: dayQuerySchema.optional(),
  cursor: pageCursorSchema,
  limit: pageLimitSchema(25),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
