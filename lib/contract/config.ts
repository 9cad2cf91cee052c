import { z } from "zod";
import { CONFIG_KEYS } from "./constants/config";

export type ConfigKey = (typeof CONFIG_KEYS)[number];

const settingSchema = z.object({ value: z.string() });

export const configResponseSchema = z.object({
  practice_duration_min: settingSchema, // ISO 8601 duration, hours and minutes only ('PT1H')
  practice_duration_max: settingSchema, // 'PT2H'
  practice_duration_increments: settingSchema, // 'PT30M' (informative: options step by the minimum, spec §5)
  reservation_mode: settingSchema, // 'request' | 'direct' (direct: bookings are confirmed at once)
  hourly_price: settingSchema, // integer cents as a string, '3500'
  reservation_cancel_deadline_hours: settingSchema, // '24'
  stripe_charges_enabled: settingSchema, // 'true' | 'false'
  balance_mode: settingSchema, // 'time' | 'money'
  booking_horizon_days: settingSchema, // '60': how many days ahead a student may book
  max_cancellations_per_day: settingSchema, // '5': cancellations a student may make in 24 hours (book/cancel cycles)
  booking_min_notice_hours: settingSchema, // '12': a slot must start at least this many hours after the booking
  lesson_reminder_hours: settingSchema, // '24,2': lesson reminders this many hours before (none when empty)
  instructor_agenda_time: settingSchema, // '20:00': when instructors get tomorrow's agenda (school time)
  notification_reply_to: settingSchema, // '' or an address: 'Correo de respuesta', the Reply-To of the school's e-mails
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

export const reservationModeSchema = z.enum(["request", "direct"]);
export type ReservationMode = z.infer<typeof reservationModeSchema>;

export const balanceModeSchema = z.enum(["time", "money"]);
export type BalanceMode = z.infer<typeof balanceModeSchema>;
