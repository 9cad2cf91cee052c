// Texts of the bell and the list that depend on a count (pure, unit-tested).

/** The badge's text: the count up to 99, then '99+'. */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

/** The bell's accessible name: 'Notificaciones', or 'Notificaciones, 3 sin leer' (it contains the badge's text). */
export const bellLabel = (count: number) => (count > 0 ? `Notificaciones, ${badgeText(count)} sin leer` : "Notificaciones");

/** Under the page's title: 'No tienes notificaciones sin leer', '1 sin leer', '3 sin leer'. */
export const unreadSummary = (count: number) => (count === 0 ? "No tienes notificaciones sin leer" : `${badgeText(count)} sin leer`);

/**
 * Where tapping a notification goes: an app path only ('/student/reservations?id=…'). Anything else (another origin,
 * a protocol-relative '//host', a script URL) is not followed: the notification is still marked read.
 */
export function safeLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link;
}
