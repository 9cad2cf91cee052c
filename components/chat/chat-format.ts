import { formatShortDateTime } from "@/lib/format/dates";

/** '12 may 09:30' */
export const messageTime = (iso: string) => formatShortDateTime(iso);

export function initials(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

export const unreadBadge = (n: number) => (n > 99 ? "99+" : String(n));
export const unreadText = (n: number) => (n === 1 ? "1 mensaje nuevo" : `${n} mensajes nuevos`);

// Spec §2: the search box filters the list by name, case-insensitive.
export function filterByName<T>(items: readonly T[], search: string, nameOf: (item: T) => string): readonly T[] {
  const term = search.trim().toLowerCase();
  return term ? items.filter((item) => nameOf(item).toLowerCase().includes(term)) : items;
}

// Spec §4: an own message shows a read tick when created at or before the partner's read mark.
export function isReadByPartner(createdAt: string, partnerLastReadAt: string | null): boolean {
  return partnerLastReadAt !== null && new Date(createdAt).getTime() <= new Date(partnerLastReadAt).getTime();
}
