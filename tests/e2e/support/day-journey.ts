// The people of the instructor's day journey (tests/e2e/instructor/day.phone.spec.ts), seeded when the e2e server
// starts (day-journey-seed.ts). Kept apart from the seed so the journey does not load server code.
export const DAY_JOURNEY = {
  instructor: { username: "profesor.dia", password: "profesor123", firstName: "Diego", surname1: "Navarro", surname2: "Sáez", dni: "70707070X" },
  student: { username: "alumna.dia", password: "alumno123", firstName: "Irene", surname1: "Campos", surname2: "Vidal", dni: "80808080H" },
} as const;
