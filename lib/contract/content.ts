import { z } from "zod";

export const contentTypeSchema = z.enum(["document", "video", "iframe"]);
export type ContentType = z.infer<typeof contentTypeSchema>;

// Spec 000 §3: Content item — id, name, type, url. Files' url is the BFF path that streams them.
export const contentItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: contentTypeSchema,
  url: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

// Spec 000 §3: Licence — licenseId, licenseName, documents[], videos[], iframes[].
export const contentLicenseSchema = z.object({
  licenseId: z.string(),
  licenseName: z.string(),
  documents: z.array(contentItemSchema),
  videos: z.array(contentItemSchema),
  iframes: z.array(contentItemSchema),
});
export type ContentLicense = z.infer<typeof contentLicenseSchema>;

// The viewer's watermark needs the student's name and DNI (beyond the spec).
export const studentContentSchema = z.object({
  licenses: z.array(contentLicenseSchema),
  viewer: z.object({ name: z.string(), dni: z.string().nullable() }),
});
export type StudentContent = z.infer<typeof studentContentSchema>;

export const contentItemDetailSchema = contentItemSchema.extend({
  licenseId: z.string(),
  viewer: z.object({ name: z.string(), dni: z.string().nullable() }),
});
export type ContentItemDetail = z.infer<typeof contentItemDetailSchema>;

// Administrator's library.
export const adminContentItemSchema = contentItemSchema.extend({
  licenseId: z.string(),
  position: z.number().int(),
  sizeBytes: z.number().int().nullable(),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;
export const adminContentListSchema = z.array(adminContentItemSchema);

const nameSchema = z.string().trim().min(1, "El nombre es obligatorio").max(200, "El nombre es demasiado largo");

export const createIframeBodySchema = z.object({
  licenseId: z.string().uuid("Permiso no válido"),
  name: nameSchema,
  url: z
    .string()
    .trim()
    .url("La dirección no es válida")
    .max(2000)
    .refine((u) => /^https?:\/\//i.test(u), "La dirección debe empezar por http:// o https://"),
});
export type CreateIframeBody = z.infer<typeof createIframeBodySchema>;

export const uploadQuerySchema = z.object({
  licenseId: z.string().uuid("Permiso no válido"),
  type: z.enum(["document", "video"]),
  name: nameSchema,
});
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

export const updateContentBodySchema = z.object({
  name: nameSchema.optional(),
  position: z.number().int().min(0).max(100000).optional(),
});
export type UpdateContentBody = z.infer<typeof updateContentBodySchema>;

// Reordering: one item one place up or down among its licence's items, in one transaction.
export const moveContentBodySchema = z.object({
  direction: z.enum(["up", "down"], { error: "La dirección debe ser 'up' o 'down'" }),
});
export type MoveContentBody = z.infer<typeof moveContentBodySchema>;
