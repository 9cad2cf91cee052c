import { z } from "zod";
import { NOTIFICATION_CATEGORIES } from "./constants/notifications";

// GET/POST /api/notifications/unsubscribe?token=…: the link of a notification e-mail (List-Unsubscribe, RFC 8058).
// Public (no session): the signed token names the school, the user and the category.
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: "Falta el enlace para darse de baja" })
    .regex(/^[A-Za-z0-9_-]{40,200}\.[A-Za-z0-9_-]{43}$/, "El enlace para darse de baja no es válido"),
});

// GET: what the link would turn off ('/baja' shows it); POST: what it turned off.
export const unsubscribeResultSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  label: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
