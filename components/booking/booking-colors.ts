import type { DisplayKind } from "./selection";

// Colours of the booking calendar, shared by its legend (the same for every kind, whatever the server suggests).
export const KIND_STYLE: Record<DisplayKind, { color: string; contrastColor: string }> = {
  available: { color: "#d1fae5", contrastColor: "#065f46" },
  selected: { color: "var(--primary)", contrastColor: "var(--primary-foreground)" },
  unavailable: { color: "#9ca3af", contrastColor: "#ffffff" },
  practice: { color: "#16a34a", contrastColor: "#ffffff" },
  "reservation-confirmed": { color: "#0d9488", contrastColor: "#ffffff" },
  "reservation-pending": { color: "#d97706", contrastColor: "#ffffff" },
};
