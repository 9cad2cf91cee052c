// Plain values of the config contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

// GET /api/config: every setting as `{ value: string }`, keyed by its name (spec §3, §7).
export const CONFIG_KEYS = [
  "practice_duration_min",
  "practice_duration_max",
  "practice_duration_increments",
  "reservation_mode",
  "hourly_price",
  "reservation_cancel_deadline_hours",
  "stripe_charges_enabled",
  "balance_mode",
  "booking_horizon_days",
  "max_cancellations_per_day",
  "booking_min_notice_hours",
  "lesson_reminder_hours",
  "instructor_agenda_time",
  "notification_reply_to",
] as const;
