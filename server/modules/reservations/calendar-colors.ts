import { STUDENT_CALENDAR_COLORS } from "@/lib/contract/constants/calendar";

// Event colours (spec §2 calendar: requested amber, confirmed teal/cyan, denied red, cancelled and annulled grey,
// practice green), the student calendar's, whose text keeps 4.5:1 on each (WCAG 1.4.3); 'available' is the booking
// calendar's own blue, 'availability' the instructor's open hours drawn behind the lessons.
export const EVENT_COLORS = {
  available: "#2563eb",
  unavailable: "#9ca3af",
  practice: STUDENT_CALENDAR_COLORS.practice,
  requested: STUDENT_CALENDAR_COLORS.requested,
  confirmed: STUDENT_CALENDAR_COLORS.confirmed,
  denied: STUDENT_CALENDAR_COLORS.denied,
  inactive: STUDENT_CALENDAR_COLORS.cancelled,
  availability: "#d1fae5",
} as const;
