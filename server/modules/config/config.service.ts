import type { BalanceMode, ConfigKey, ConfigResponse, ReservationMode } from "@/lib/contract/config";
import { CONFIG_KEYS } from "@/lib/contract/constants/config";
import { durationOptions, parseIsoDuration } from "@/lib/booking/durations";
import type { DbOrTx } from "../../db/client";
import { hasPaymentKeys } from "../shop/payment-settings.repository";
import { listSettings } from "./config.repository";

// A tenant without its own value uses these (decided in docs/decisions/reservations.md).
export const DEFAULT_SETTINGS: Record<ConfigKey, string> = {
  practice_duration_min: "PT1H",
  practice_duration_max: "PT2H",
  practice_duration_increments: "PT30M",
  reservation_mode: "request",
  hourly_price: "3500",
  reservation_cancel_deadline_hours: "24",
  stripe_charges_enabled: "false",
  balance_mode: "time",
  booking_horizon_days: "60",
  max_cancellations_per_day: "5",
  booking_min_notice_hours: "12",
  lesson_reminder_hours: "24,2",
  instructor_agenda_time: "20:00",
  notification_reply_to: "",
};

export async function getConfig(db: DbOrTx, tenantId: string): Promise<ConfigResponse> {
  const [stored, canCharge] = await Promise.all([listSettings(db, tenantId), hasPaymentKeys(db, tenantId)]);
  const config = Object.fromEntries(CONFIG_KEYS.map((k) => [k, { value: stored[k] ?? DEFAULT_SETTINGS[k] }])) as ConfigResponse;
  // Card charging follows the school's Stripe keys (payment_settings), whatever a stored setting says.
  return { ...config, stripe_charges_enabled: { value: canCharge ? "true" : "false" } };
}

export type BookingSettings = {
  durations: number[]; // allowed lengths in seconds; empty when the configuration cannot give any
  reservationMode: ReservationMode;
  balanceMode: BalanceMode;
  hourlyPriceCents: number;
  cancelDeadlineHours: number;
  horizonDays: number; // a slot may start at most this many days after now
  maxCancellationsPerDay: number; // a student's own cancellations in any 24 hours
  minNoticeHours: number; // a slot may start no sooner than this many hours after now
};

function safeDurations(minIso: string, maxIso: string): number[] {
  try {
    return durationOptions(parseIsoDuration(minIso), parseIsoDuration(maxIso));
  } catch {
    return [];
  }
}

const nonNegativeInt = (value: string, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

// The typed view the booking rules use; an unreadable value falls back to its default. Pure, for callers that read
// the stored values together with other data (the booking, server/modules/reservations/booking.repository.ts).
export function toBookingSettings(stored: Partial<Record<string, string>>): BookingSettings {
  const value = (key: ConfigKey) => stored[key] ?? DEFAULT_SETTINGS[key];
  return {
    durations: safeDurations(value("practice_duration_min"), value("practice_duration_max")),
    reservationMode: value("reservation_mode") === "direct" ? "direct" : "request",
    balanceMode: value("balance_mode") === "money" ? "money" : "time",
    hourlyPriceCents: nonNegativeInt(value("hourly_price"), 3500),
    cancelDeadlineHours: nonNegativeInt(value("reservation_cancel_deadline_hours"), 24),
    horizonDays: nonNegativeInt(value("booking_horizon_days"), 60),
    maxCancellationsPerDay: nonNegativeInt(value("max_cancellations_per_day"), 5),
    minNoticeHours: nonNegativeInt(value("booking_min_notice_hours"), 12),
  };
}

export async function getBookingSettings(db: DbOrTx, tenantId: string): Promise<BookingSettings> {
  return toBookingSettings(await listSettings(db, tenantId));
}
