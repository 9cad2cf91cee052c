import type { ContentLicense } from "@/lib/contract/content";

// Spec 000 §2: the three category cards, in this order, each shown only when it has items.
export const CATEGORIES = [
  { key: "documents", title: "Libro, esquemas y resúmenes", subtitle: "Versión online" },
  { key: "videos", title: "Videoclases", subtitle: "Clases online" },
  { key: "iframes", title: "Test online", subtitle: "Plataforma de test" },
] as const satisfies { key: keyof Pick<ContentLicense, "documents" | "videos" | "iframes">; title: string; subtitle: string }[];

export type CategoryKey = (typeof CATEGORIES)[number]["key"];

// The cards a licence shows: only the categories that have items, in the spec's order.
export const visibleCategories = (license: ContentLicense) => CATEGORIES.filter((c) => license[c.key].length > 0);
