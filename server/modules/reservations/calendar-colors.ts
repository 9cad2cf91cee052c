// Event colours (spec §2 calendar: requested amber, confirmed teal/cyan, denied red, cancelled and annulled grey,
// practice green); 'available' is the booking calendar's own blue.
export const EVENT_COLORS = {
  available: "#2563eb",
  unavailable: "#9ca3af",
  practice: "#16a34a",
  requested: "#f59e0b",
  confirmed: "#0891b2",
  denied: "#dc2626",
  inactive: "#9ca3af",
  availability: "#d1fae5",
} as const;
