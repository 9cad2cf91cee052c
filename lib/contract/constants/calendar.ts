// Plain values of the calendar contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

// Spec §2 colours of the student calendar: the API paints the events, the page's legend repeats them. Each keeps 4.5:1
// with its text at 12 px (WCAG 1.4.3; components/practices/calendar-colors.ts picks the text): practice green-700 and
// confirmed cyan-700, where green-600 and cyan-600 under white read 3.3:1 and 3.7:1.
export const STUDENT_CALENDAR_COLORS = {
  requested: "#f59e0b",
  confirmed: "#0e7490",
  denied: "#dc2626",
  annulled: "#9ca3af",
  cancelled: "#9ca3af",
  practice: "#15803d",
  manual_practice: "#166534",
  session: "#2563eb",
} as const;

/** An event's link, only when it is a web address (the page opens it in a new tab; the iCal feed carries it). */
export function webLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
