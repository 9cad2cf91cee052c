// The school's two notification settings (tenant_settings, read like the booking settings): 'Recordatorios de clase
// (horas antes)' (lesson_reminder_hours, '24,2') and 'Hora del resumen diario del profesor' (instructor_agenda_time,
// '20:00'). An empty value turns the reminders or the agenda off. Pure: the office's form validates with normalise*,
// the jobs read with parse* (an unreadable stored value falls back to the default).

export const REMINDER_HOURS_MAX = 168;
export const REMINDERS_MAX = 3;
export const DEFAULT_REMINDER_HOURS = [24, 2];
export const DEFAULT_AGENDA_MINUTES = 20 * 60;

/** '24, 2' → [24, 2] (largest first, no repeats); null when it is not 1–3 whole hours between 1 and 168. */
export function readReminderHours(value: string): number[] | null {
  const text = value.trim();
  if (text === "") return [];
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length > REMINDERS_MAX || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const hours = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  return hours.every((h) => h >= 1 && h <= REMINDER_HOURS_MAX) ? hours : null;
}

/** 'HH:mm' (or 'H:mm') → minutes after midnight; null when it is no time of day. '' is no agenda (-1). */
export function readAgendaMinutes(value: string): number | null {
  const text = value.trim();
  if (text === "") return -1;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const reminderHoursOf = (stored: string | undefined) => (stored === undefined ? null : readReminderHours(stored)) ?? DEFAULT_REMINDER_HOURS;

/** Minutes after local midnight, or null when the school turned the agenda off. */
export function agendaMinutesOf(stored: string | undefined): number | null {
  const minutes = (stored === undefined ? null : readAgendaMinutes(stored)) ?? DEFAULT_AGENDA_MINUTES;
  return minutes < 0 ? null : minutes;
}

export const agendaTimeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
