/**
 * Who may pass each API route's role check: "METHOD /path" (path under /api, exactly as Hono lists it) → roles.
 * The roles matrix (roles-matrix.api.test.ts) checks every route × every role against this table, and fails
 * for a route that is mounted but not declared here: add a line when you add a route.
 *
 * "impersonating" is an administrator acting as a student (a token with impersonatorId): it has the
 * student's roles, minus what the auth module refuses while impersonating (e.g. changing the password).
 */
export const ROLES = ["anonymous", "student", "instructor", "administrator", "impersonating"] as const;
export type Role = (typeof ROLES)[number];

export const PUBLIC: readonly Role[] = ROLES;
const STUDENT: readonly Role[] = ["student", "impersonating"];
const INSTRUCTOR: readonly Role[] = ["instructor"];
const ADMIN: readonly Role[] = ["administrator"];
const SIGNED_IN: readonly Role[] = ["student", "instructor", "administrator", "impersonating"];

export const ROUTE_ACCESS: Record<string, readonly Role[]> = {
  // Probes, school identity and the ways in (no session needed).
  "GET /health": PUBLIC,
  "GET /ready": PUBLIC,
  "GET /info": PUBLIC,
  "GET /manifest": PUBLIC,
  "GET /tenant-assets/:name": PUBLIC,
  "POST /login": PUBLIC,
  "POST /auth/set-password": PUBLIC,
  "POST /auth/forgot-password": PUBLIC,
  // An e-mail's unsubscribe link: the signed token is the credential (GET shows, POST is RFC 8058's one click).
  "GET /notifications/unsubscribe": PUBLIC,
  "POST /notifications/unsubscribe": PUBLIC,

  // Any signed-in user.
  "GET /me": SIGNED_IN,
  "GET /config": SIGNED_IN,
  // Refused while impersonating: the role check lets every signed-in user in, the service then answers 403. The
  // matrix reaches the service with a well-formed body (targets.ts), so this declaration is checked, not assumed.
  "POST /auth/change-password": ["student", "instructor", "administrator"],
  "POST /auth/exit-impersonation": SIGNED_IN,
  "POST /auth/logout": SIGNED_IN,
  "POST /auth/impersonate/:userId": ADMIN,

  // Messaging (requireRole("any") on /messaging/*): every signed-in user, impersonation included.
  "GET /messaging/conversations": SIGNED_IN,
  "GET /messaging/conversations/unread-count": SIGNED_IN,
  "POST /messaging/conversations": SIGNED_IN,
  "POST /messaging/conversations/:id/read": SIGNED_IN,
  "GET /messaging/contacts": SIGNED_IN,
  "GET /messaging/conversations/:id/messages": SIGNED_IN,
  "POST /messaging/conversations/:id/messages": SIGNED_IN,

  // Notifications (issue 29; requireRole("any")): the caller's own list, preferences, address and devices. A device
  // is not subscribed for an administrator acting as the user (the service answers 403).
  "GET /notifications": SIGNED_IN,
  "GET /notifications/unread-count": SIGNED_IN,
  "POST /notifications/read": SIGNED_IN,
  "GET /notifications/preferences": SIGNED_IN,
  "PUT /notifications/preferences": SIGNED_IN,
  "GET /notifications/push/key": SIGNED_IN,
  "POST /notifications/push/subscriptions": ["student", "instructor", "administrator"],
  "DELETE /notifications/push/subscriptions": SIGNED_IN,
  "PUT /me/email": SIGNED_IN,
  // Mi perfil (issue 31 §2): the caller's own contact details.
  "GET /me/contact": SIGNED_IN,
  "PUT /me/phone": SIGNED_IN,
  // Freed-slot alerts ('Avísame si se libera un hueco'): the student's own.
  "GET /student/slot-alerts": STUDENT,
  "POST /student/slot-alerts": STUDENT,
  "DELETE /student/slot-alerts/:id": STUDENT,

  // Content (theory material).
  "GET /student/content": STUDENT,
  "GET /student/content/:id": STUDENT,
  "GET /student/content/:id/file": STUDENT,
  "GET /administrator/content": ADMIN,
  "GET /administrator/content/:id/file": ADMIN,
  "POST /administrator/content/upload": ADMIN,
  "POST /administrator/content/iframes": ADMIN,
  "PATCH /administrator/content/:id": ADMIN,
  "POST /administrator/content/:id/move": ADMIN,
  "DELETE /administrator/content/:id": ADMIN,

  // Practices (driving lessons taken).
  "GET /student/practices/history": STUDENT,
  "GET /student/calendar": STUDENT,
  "GET /instructor/practices": INSTRUCTOR,
  "POST /instructor/practices": INSTRUCTOR,
  "POST /instructor/practices/manual": INSTRUCTOR,
  "GET /instructor/practices/pending": INSTRUCTOR,
  "GET /instructor/vehicles": INSTRUCTOR,
  // The iCal subscription: the student's own secret URL, refused while impersonating (the service answers 403);
  // the feed itself is public, its token is the credential (unknown token: 404).
  "GET /student/calendar/feed": ["student"],
  "POST /student/calendar/feed": ["student"],
  "DELETE /student/calendar/feed": ["student"],
  "GET /calendar/feed.ics": PUBLIC,

  // Student area.
  "GET /student/balance": STUDENT,
  "GET /student/balance/history": STUDENT,
  // Desk sales (issue 31 §3): the student's own receipts and how to reach the office.
  "GET /student/receipts": STUDENT,
  "GET /student/receipts/:id": STUDENT,
  "GET /student/office-contact": STUDENT,
  "GET /student/instructor-assignments": STUDENT,
  "GET /student/reservations/calendar": STUDENT,
  "GET /student/reservations/conflicts": STUDENT,
  "GET /student/reservations": STUDENT,
  "POST /student/reservations": STUDENT,
  "GET /student/reservations/:id": STUDENT,
  "POST /student/reservations/:id/cancel": STUDENT,
  "POST /student/reservations/:id/request-cancellation": STUDENT,
  "GET /student/reservations/:id/move-calendar": STUDENT,
  "POST /student/reservations/:id/move": STUDENT,
  "GET /student/exams/upcoming": STUDENT,
  "GET /student/exam-attendances": STUDENT,
  "POST /student/exam-attendance": STUDENT,
  "POST /student/exams/:examId/exam-types/:examTypeId/licenses/:licenseId/backup-attendance": STUDENT,
  "DELETE /student/exams/:examId/exam-types/:examTypeId/licenses/:licenseId/attendance": STUDENT,

  // Shop and card top-up (issue 8). Stripe's webhook has no session: its signature is checked by the service.
  "GET /shop/products": STUDENT,
  "POST /shop/order": STUDENT,
  "POST /shop/order/payment": STUDENT,
  "GET /shop/order/:id": STUDENT,
  "GET /shop/stripe/public-key": STUDENT,
  "POST /shop/stripe/webhook": PUBLIC,

  // Instructor area.
  "GET /instructor/availability": INSTRUCTOR,
  "PUT /instructor/availability/rules": INSTRUCTOR,
  "POST /instructor/availability/overrides": INSTRUCTOR,
  "DELETE /instructor/availability/overrides/:id": INSTRUCTOR,
  "GET /instructor/reservations": INSTRUCTOR,
  "POST /instructor/reservations/:id/confirm": INSTRUCTOR,
  "POST /instructor/reservations/:id/deny": INSTRUCTOR,
  "POST /instructor/reservations/:id/annul": INSTRUCTOR,
  "POST /instructor/reservations/:id/cancellation-request/accept": INSTRUCTOR,
  "POST /instructor/reservations/:id/cancellation-request/reject": INSTRUCTOR,
  "GET /instructor/reservations/:id/move-calendar": INSTRUCTOR,
  "POST /instructor/reservations/:id/move": INSTRUCTOR,
  "GET /instructor/calendar": INSTRUCTOR,
  "GET /instructor/dashboard": INSTRUCTOR,
  "GET /instructor/students": INSTRUCTOR,
  "GET /instructor/exams": INSTRUCTOR,
  "GET /instructor/exams/options": INSTRUCTOR,
  "POST /instructor/exams": INSTRUCTOR,
  "DELETE /instructor/exams/:id": INSTRUCTOR,
  "PATCH /instructor/exam-slots/:id": INSTRUCTOR,
  "POST /instructor/exam-slots/:id/registrations": INSTRUCTOR,
  "POST /instructor/exam-attendances/:id/result": INSTRUCTOR,
  "POST /instructor/exam-attendances/:id/withdraw": INSTRUCTOR,

  // Administrator area: CAP.
  "GET /administrator/sections": ADMIN,
  "POST /administrator/sections": ADMIN,
  "POST /administrator/sections/:id": ADMIN,
  "DELETE /administrator/sections/:id": ADMIN,
  "GET /administrator/cap/cap-courses": ADMIN,
  "POST /administrator/cap/cap-courses": ADMIN,
  "GET /administrator/cap/cap-courses/:id": ADMIN,
  "GET /administrator/cap/cap-courses/:id/sessions": ADMIN,
  "POST /administrator/cap/cap-courses/:id/sessions": ADMIN,
  "GET /administrator/cap/cap-sessions/:id": ADMIN,
  "GET /administrator/cap/cap-courses/:id/enrollments": ADMIN,
  "POST /administrator/cap/cap-courses/:id/enrollments": ADMIN,
  "DELETE /administrator/cap/cap-courses/:id/enrollments/:enrollmentId": ADMIN,
  "GET /administrator/students": ADMIN,
  "POST /administrator/students/create-cap": ADMIN,
  "GET /administrator/students/:id": ADMIN,
  "POST /administrator/students/:id/update-cap": ADMIN,
  "DELETE /administrator/students/:id": ADMIN,
  "GET /administrator/students/:id/biometric-reference": ADMIN,
  "POST /administrator/students/:id/biometric-reference": ADMIN,
  "DELETE /administrator/students/:id/biometric-reference": ADMIN,
  "POST /administrator/cap/cap-attendance/create": ADMIN,
  "POST /administrator/cap/cap-attendance": ADMIN,
  "GET /administrator/cap/cap-sessions/:id/attendance-report": ADMIN,

  // Administrator area: exams.
  "GET /administrator/exams": ADMIN,
  "GET /administrator/exams/options": ADMIN,
  "POST /administrator/exams": ADMIN,
  "DELETE /administrator/exams/:id": ADMIN,
  "PATCH /administrator/exam-slots/:id": ADMIN,
  "POST /administrator/exam-slots/:id/registrations": ADMIN,
  "POST /administrator/exam-attendances/:id/result": ADMIN,
  "POST /administrator/exam-attendances/:id/withdraw": ADMIN,

  // Administrator area: back office.
  "GET /administrator/users": ADMIN,
  "POST /administrator/users": ADMIN,
  "GET /administrator/users/:id": ADMIN,
  "PUT /administrator/users/:id": ADMIN,
  "POST /administrator/users/:id/deactivate": ADMIN,
  "POST /administrator/users/:id/reactivate": ADMIN,
  "POST /administrator/users/:id/password-link": ADMIN,
  "POST /administrator/users/:id/password": ADMIN,
  "GET /administrator/licenses": ADMIN,
  "POST /administrator/licenses": ADMIN,
  "DELETE /administrator/licenses/:id": ADMIN,
  "PUT /administrator/instructors/:id/licenses": ADMIN,
  "GET /administrator/assignments": ADMIN,
  "POST /administrator/assignments": ADMIN,
  "DELETE /administrator/assignments/:id": ADMIN,
  "GET /administrator/vehicles": ADMIN,
  "POST /administrator/vehicles": ADMIN,
  "PUT /administrator/vehicles/:id": ADMIN,
  "PUT /administrator/settings": ADMIN,
  // Card payments switched on by the office (issue 31 §4): the school's Stripe keys.
  "GET /administrator/payment-settings": ADMIN,
  "PUT /administrator/payment-settings": ADMIN,
  "DELETE /administrator/payment-settings": ADMIN,
  "GET /administrator/audit": ADMIN,
  "GET /administrator/balances/students": ADMIN,
  "GET /administrator/balances/students/:id": ADMIN,
  "POST /administrator/balances/students/:id/adjustments": ADMIN,
  // Desk sales, receipts, the cash report and the school's details (issue 31 §3).
  "GET /administrator/sales/products": ADMIN,
  "GET /administrator/sales/report": ADMIN,
  "GET /administrator/sales": ADMIN,
  "POST /administrator/sales": ADMIN,
  "GET /administrator/sales/:id/receipt": ADMIN,
  "GET /administrator/school-details": ADMIN,
  "PUT /administrator/school-details": ADMIN,
  // CAP attendance on record (issue 30 §3/§4): manual entries, corrections and their history, a student's record; the
  // liveness challenge of a capture.
  "POST /administrator/cap/cap-attendance/manual": ADMIN,
  "POST /administrator/cap/cap-attendance/:id/correct": ADMIN,
  "GET /administrator/cap/cap-attendance/:id/corrections": ADMIN,
  "GET /administrator/students/:id/cap-attendances": ADMIN,
  "POST /administrator/cap/biometric-challenge": ADMIN,
  "POST /administrator/cap/biometric-challenge/frames": ADMIN,
  // The office's day (issue 31): its home, its decisions on any instructor's reservation, a student's page and notes.
  "GET /administrator/home": ADMIN,
  "POST /administrator/reservations/:id/confirm": ADMIN,
  "POST /administrator/reservations/:id/deny": ADMIN,
  "POST /administrator/reservations/:id/annul": ADMIN,
  "POST /administrator/reservations/:id/cancellation-request/accept": ADMIN,
  "POST /administrator/reservations/:id/cancellation-request/reject": ADMIN,
  "GET /administrator/reservations/:id/move-calendar": ADMIN,
  "POST /administrator/reservations/:id/move": ADMIN,
  "GET /administrator/student-files/:id": ADMIN,
  "GET /instructor/student-files/:id": INSTRUCTOR,
  "GET /administrator/student-files/:id/notes": ADMIN,
  "POST /administrator/student-files/:id/notes": ADMIN,
  "PUT /administrator/student-files/:id/notes/:noteId": ADMIN,
  "DELETE /administrator/student-files/:id/notes/:noteId": ADMIN,
};

/** The roles that must NOT pass a route's role check, and the status they must get. */
export function deniedStatus(role: Role): 401 | 403 {
  return role === "anonymous" ? 401 : 403;
}

export function undeclaredMessage(keys: string[]): string {
  return (
    `${keys.length} API route(s) are mounted but not declared in tests/sweeps/route-access.ts (ROUTE_ACCESS).\n` +
    `Add one line per route, with the roles that may pass its role check, e.g.\n` +
    keys.map((k) => `  "${k}": ADMIN, // or STUDENT, INSTRUCTOR, SIGNED_IN, PUBLIC, or a list of roles`).join("\n")
  );
}
