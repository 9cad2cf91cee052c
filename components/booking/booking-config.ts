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
  };
}

export const isStripeChargesEnabled = (config: ConfigResponse | undefined) => config?.stripe_charges_enabled.value === "true";
