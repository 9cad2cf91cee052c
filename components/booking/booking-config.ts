import type { ConfigResponse } from "@/lib/contract/config";
import { durationOptionsFromConfig } from "@/lib/booking/durations";

export type BookingConfig = {
  /** Seconds, from the minimum to the maximum in steps of the minimum; empty when none can be derived. */
  durationOptions: number[];
  /** 'Invalid ISO 8601 duration' when a configured duration is not hours and minutes only. */
  durationError: string | null;
  hourlyPriceCents: number;
  cancelDeadlineHours: number;
  isDirectMode: boolean;
  /** How many days ahead a slot may start (the phone's strip ends there). */
  horizonDays: number;
  /** Hours before a lesson from which it can no longer be booked (slots inside are not offered). */
  minNoticeHours: number;
};

const toInt = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) ? n : fallback;
};

export function readBookingConfig(config: ConfigResponse): BookingConfig {
  let durationOptions: number[] = [];
  let durationError: string | null = null;
  try {
    durationOptions = durationOptionsFromConfig(config.practice_duration_min.value, config.practice_duration_max.value);
  } catch (error) {
    durationError = error instanceof Error ? error.message : String(error);
  }
  return {
    durationOptions,
    durationError,
    hourlyPriceCents: toInt(config.hourly_price.value, 0),
    cancelDeadlineHours: toInt(config.reservation_cancel_deadline_hours.value, 24),
    isDirectMode: config.reservation_mode.value === "direct",
    horizonDays: toInt(config.booking_horizon_days.value, 60),
    minNoticeHours: toInt(config.booking_min_notice_hours.value, 12),
  };
}

export const isStripeChargesEnabled = (config: ConfigResponse | undefined) => config?.stripe_charges_enabled.value === "true";
