// How an event of the week calendars (booking wizard, instructor) lays out its time and label (spec §9 calendars).
// A one-hour event of the booking calendar is about 32 px high inside: two 15 px lines. The theme put time and label
// side by side under 50 px, cutting every label ('Seleccionad', 'Reserva con'); here the time goes above the label.
// Where a column is too narrow for the label on one line (a phone's panning week, a narrow laptop) the time, which the
// hour axis already shows, gives its line up and the label wraps onto two.

/** Events shorter than this keep the theme's one-line layout (too short for two lines). */
export const EVENT_SHORT_HEIGHT_PX = 30;

export const EVENT_INNER_CLASS = "@container pt-px! pb-0! px-1.5! leading-[15px]!";
export const EVENT_TIME_CLASS = "pt-0!";
export const EVENT_TITLE_CLASS = "week-calendar-event-title";
export const WRAPPING_TITLE_CLASS = `${EVENT_TITLE_CLASS} py-0! shrink-0! whitespace-normal! break-words line-clamp-2`;

// The event's inner width (a CSS container query) under which its label would not fit on one line, by label length:
// semibold 12 px runs about 6.4 px a character ('Reserva confirmada', 18 characters: 115 px). Literal classes, so
// Tailwind generates them.
const HIDE_TIME_BELOW = [
  { maxChars: 10, className: "@max-[4.25rem]:hidden" }, // 'Disponible', 'Práctica': 68 px
  { maxChars: 13, className: "@max-[5.5rem]:hidden" }, // 'Seleccionado', 'No disponible': 88 px
  { maxChars: 18, className: "@max-[7.5rem]:hidden" }, // 'Reserva pendiente', 'Reserva confirmada': 120 px
  { maxChars: 24, className: "@max-[10rem]:hidden" }, // a student's name (instructor calendar): 160 px
] as const;

/** The time line's classes: shown while the label fits beside nothing but its own line. */
export function eventTimeClass(title: string): string {
  const rule = HIDE_TIME_BELOW.find((r) => title.length <= r.maxChars);
  return `${EVENT_TIME_CLASS} ${rule?.className ?? "@max-[12rem]:hidden"}`;
}
