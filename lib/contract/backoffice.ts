import { z } from "zod";
import { paginationSchema } from "./common";
import { CONFIG_KEYS, type ConfigKey } from "./config";

// Licences, assignments, vehicles, settings and the audit log of the back-office.
// The spec's licence codes (000 §3) the office may add, with their default names. The spec names the driving codes
// exactly; for "several ADR codes, CAP codes, conseller de seguridad, carretillas elevadoras, competencia profesional"
// it gives no codes, so these are ours (docs/decisions/backoffice.md).
/** The highest hourly price a school may set, in cents (100.000 €): the settings form and the API check the same. */
export const HOURLY_PRICE_MAX_CENTS = 100_000_00;

export const LICENSE_CATALOGUE = [
  ["am", "AM"], ["a1", "A1"], ["a2", "A2"], ["a", "A"], ["b", "B"], ["b-e", "B+E"], ["rec-b", "Recuperación B"],
  ["c1", "C1"], ["c", "C"], ["c-e", "C+E"], ["rec-c", "Recuperación C"], ["d", "D"], ["rec-d", "Recuperación D"],
  ["adr-basico", "ADR básico"], ["adr-cisternas", "ADR cisternas"], ["adr-explosivos", "ADR explosivos (clase 1)"],
  ["adr-radiactivos", "ADR radiactivos (clase 7)"],
  ["cap-inicial-mercancias", "CAP inicial mercancías"], ["cap-inicial-viajeros", "CAP inicial viajeros"],
  ["cap-continua-mercancias", "CAP continua mercancías"], ["cap-continua-viajeros", "CAP continua viajeros"],
  ["conseller-seguridad", "Consejero de seguridad"], ["carretillas-elevadoras", "Carretillas elevadoras"],
  ["competencia-profesional", "Competencia profesional"],
] as const;
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

export const assignmentQuerySchema = z.object({
  studentId: z.string().uuid().optional(),
  instructorId: z.string().uuid().optional(),
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

// Settings the office edits (stripe_charges_enabled follows the payment keys and is not editable).
export type EditableSettingKey = Exclude<ConfigKey, "stripe_charges_enabled">;
export const EDITABLE_SETTING_KEYS = CONFIG_KEYS.filter((k): k is EditableSettingKey => k !== "stripe_charges_enabled");
export const settingsBodySchema = z.strictObject(
  Object.fromEntries(
    EDITABLE_SETTING_KEYS.map((k) => [k, z.string({ error: "Cada ajuste se envía como texto" }).trim().max(40, "El valor es demasiado largo").optional()]),
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
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), pagination: paginationSchema, actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  actorId: z.string().uuid().optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
