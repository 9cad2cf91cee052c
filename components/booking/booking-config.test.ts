import type { ConfigResponse } from "@/lib/contract/config";
import { isStripeChargesEnabled, readBookingConfig } from "./booking-config";

const config = (overrides: Partial<Record<keyof ConfigResponse, string>> = {}): ConfigResponse => {
  const values: Record<keyof ConfigResponse, string> = {
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
    ...overrides,
  };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }])) as ConfigResponse;
};

describe("readBookingConfig", () => {
  it("derives options from min to max in steps of min, not of the increments", () => {
    expect(readBookingConfig(config()).durationOptions).toEqual([3600, 7200]);
    expect(readBookingConfig(config({ practice_duration_min: "PT45M", practice_duration_max: "PT2H" })).durationOptions).toEqual([
      2700, 5400,
    ]);
  });

  it("reports 'Invalid ISO 8601 duration' and no options for a bad duration", () => {
    const read = readBookingConfig(config({ practice_duration_max: "P1D" }));
    expect(read.durationOptions).toEqual([]);
    expect(read.durationError).toBe("Invalid ISO 8601 duration");
  });

  it("yields no options when the maximum is below the minimum", () => {
    const read = readBookingConfig(config({ practice_duration_min: "PT2H", practice_duration_max: "PT1H" }));
    expect(read.durationOptions).toEqual([]);
    expect(read.durationError).toBeNull();
  });

  it("reads price, deadline, mode and card charging", () => {
    const read = readBookingConfig(config({ reservation_mode: "direct", reservation_cancel_deadline_hours: "48" }));
    expect(read).toMatchObject({ hourlyPriceCents: 3500, cancelDeadlineHours: 48, isDirectMode: true });
    expect(isStripeChargesEnabled(config({ stripe_charges_enabled: "true" }))).toBe(true);
    expect(isStripeChargesEnabled(config())).toBe(false);
  });
});
