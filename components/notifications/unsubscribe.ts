import { NOTIFICATION_CATEGORY_LABELS } from "@/lib/contract/constants/notifications";

// What the unsubscribe page reads from the API's answers (pure, unit-tested). The answer names the category by its
// label ('Reservas'); an answer that does not, or no answer (204), falls back to the category's code.

const CATEGORY_LABELS: Record<string, string> = NOTIFICATION_CATEGORY_LABELS;

export function unsubscribeLabel(answer: unknown): string | null {
  if (!answer || typeof answer !== "object") return null;
  const { label, category } = answer as { label?: unknown; category?: unknown };
  if (typeof label === "string" && label) return label;
  if (typeof category === "string") return CATEGORY_LABELS[category] ?? category;
  return null;
}

/** 'Ya no recibirás correos de «Reservas».' */
export const unsubscribedText = (label: string) =>
  label ? `Ya no recibirás correos de «${label}».` : "Ya no recibirás estos correos.";

/** '¿Quieres dejar de recibir correos de «Reservas»?' */
export const confirmText = (label: string) =>
  label ? `¿Quieres dejar de recibir correos de «${label}»?` : "¿Quieres dejar de recibir estos correos?";
