// Plain values of the practices contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

// No lesson lasts longer: manual practices, the school's maximum duration and the calendar's range scan rely on it.
export const PRACTICE_MAX_HOURS = 12;

// A confirmed lesson can be finished from its start until this many days later; after that it counts as a no-show
// (docs/decisions/practices.md) and the instructor's to-do list no longer offers it.
export const FINISH_WINDOW_DAYS = 30;
