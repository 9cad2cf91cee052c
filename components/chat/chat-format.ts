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

// Staff read, under a message an administrator wrote while acting as its author, who it was written for; students
// are never told (the API does not even send it to them).
export function actedByText(message: { actedBy?: unknown }, isOwn: boolean, partnerName: string): string | null {
  if (!message.actedBy) return null;
  return isOwn ? "Enviado por la autoescuela en tu nombre" : `Enviado por la autoescuela en nombre de ${partnerName}`;
}
