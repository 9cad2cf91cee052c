// Names sort with Spanish collation (spec §2); searches ignore case and accents. One collator for the app:
// `a.localeCompare(b, "es")` builds a new one on every comparison, which cost ~25 ms per list sort under
// Lighthouse's slowdown (issue 13).
export const spanishCollator = new Intl.Collator("es");

export const compareSpanish = (a: string, b: string) => spanishCollator.compare(a, b);

export function sortByName<T>(items: readonly T[], name: (item: T) => string): T[] {
  return [...items].sort((a, b) => spanishCollator.compare(name(a), name(b)));
}

export function foldText(value: string): string {
  return value.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/** True when the query is empty or found in any of the fields (accent- and case-insensitive). */
export function matchesSearch(query: string, ...fields: string[]): boolean {
  const q = foldText(query);
  return q === "" || fields.some((field) => foldText(field).includes(q));
}
