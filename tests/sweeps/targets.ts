import { createECDH } from "node:crypto";
import type { ApiRoute } from "./route-table";
import type { World } from "./world";

// Which of school A's ids each id-route of the API takes, and a valid body where the route validates its body
// before it looks the id up (so the sweep reaches the lookup). A new route with an id parameter must match a
// line here, or be listed in PENDING (with the reason) or NOT_AN_ID: the isolation sweep fails otherwise.
// The roles matrix sends these bodies too, so a refusal the service makes after validation (403) is seen; routes
// without an id are listed when that matters.

export type Target = {
  params: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /** Query parameters the route validates before it reads its body (the fuzzer sends them, so the body is read). */
  query?: (w: World) => Record<string, string>;
  /** Whose id it is, when not the default (student if students may call the route, else instructor, else administrator). */
  owner?: "student" | "instructor" | "administrator";
  /** Why no user of the same school lacks the right to this id (omit when one does). */
  sameSchoolSkip?: string;
  /** What the id's owner gets from this GET route when 200 is not it (the sweep checks the id is live). */
  ownerStatus?: number;
};

// An uncompressed P-256 public key (65 bytes, 0x04 first), as a browser's PushSubscription gives it.
const SWEEP_P256DH = createECDH("prime256v1").generateKeys().toString("base64url");

// Three days ahead at 10:00 UTC, one hour: a valid move body (the id's lookup comes before any rule of the slot).
function sweepMoveSlot() {
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  return { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
}

const schoolWideExam = "exam ids are school-wide: every student of the school may sign up for them";

export const TARGETS: Array<[RegExp, Target]> = [
  // The file is the raw body, its fields are in the query: with a valid query every fuzzed body is read as a file.
  [/^POST \/administrator\/content\/upload$/, { params: () => ({}), query: (w) => ({ licenseId: w.ids.license, type: "document", name: "Temario" }) }],
  // Well-formed, with a wrong current password: nobody's password changes, and an impersonation gets its 403.
  [/^POST \/auth\/change-password$/, { params: () => ({}), body: () => ({ currentPassword: "no-es-la-clave", newPassword: "OtraClave-2026!" }) }],
  // A well-formed device (a real P-256 point): the impersonating administrator reaches the service's 403.
  [/^POST \/notifications\/push\/subscriptions$/, { params: () => ({}), body: () => ({ endpoint: "https://push.example.com/send/sweep", keys: { p256dh: SWEEP_P256DH, auth: "c3dlZXAtYXV0aC1zZWNyZQ" } }) }],
  [/^DELETE \/student\/slot-alerts\/:id$/, { params: (w) => ({ id: w.ids.slotAlert }) }],
  // Moving a lesson (issue 31 §5): a well-formed new time, so the sweep reaches the lookup of the id.
  [/^POST \/(student|instructor|administrator)\/reservations\/:id\/move$/, { params: (w) => ({ id: w.ids.reservation }), body: () => sweepMoveSlot() }],
  [/^GET \/administrator\/reservations\/:id\/move-calendar$/, { params: (w) => ({ id: w.ids.reservation }) }],
  [/^POST \/student\/reservations\/:id\/request-cancellation$/, { params: (w) => ({ id: w.ids.reservation }), body: () => ({ reason: "Motivo" }) }],
  [/^\w+ \/student\/reservations\/:id/, { params: (w) => ({ id: w.ids.reservation }) }],
  [/^POST \/instructor\/reservations\/:id\/cancellation-request\/reject$/, { params: (w) => ({ id: w.ids.reservation }), body: () => ({ reason: "Motivo" }) }],
  [/^\w+ \/instructor\/reservations\/:id/, { params: (w) => ({ id: w.ids.reservation }) }],
  // The office's decisions on any instructor's reservation (issue 31 §1).
  [/^POST \/administrator\/reservations\/:id\/cancellation-request\/reject$/, { params: (w) => ({ id: w.ids.reservation }), body: () => ({ reason: "Motivo" }) }],
  [/^POST \/administrator\/reservations\/:id\//, { params: (w) => ({ id: w.ids.reservation }) }],
  // A student's page (issue 31 §2): the office's, and the page of that student's instructors.
  [/^POST \/administrator\/student-files\/:id\/notes$/, { params: (w) => ({ id: w.ids.student }), body: () => ({ body: "Nota de la oficina" }) }],
  [/^GET \/administrator\/student-files\/:id(\/notes)?$/, { params: (w) => ({ id: w.ids.student }), owner: "administrator" }],
  [/^GET \/instructor\/student-files\/:id$/, { params: (w) => ({ id: w.ids.student }), owner: "instructor" }],
  [/^\w+ \/instructor\/availability\/overrides\/:id$/, { params: (w) => ({ id: w.ids.override }) }],
  [/^\w+ \/student\/exams\/:examId\/exam-types\/:examTypeId\/licenses\/:licenseId\//, {
    params: (w) => ({ examId: w.ids.exam, examTypeId: "1", licenseId: w.ids.license }),
    sameSchoolSkip: schoolWideExam,
  }],
  [/^\w+ \/(administrator|instructor)\/exams\/:id$/, { params: (w) => ({ id: w.ids.exam }) }],
  [/^PATCH \/(administrator|instructor)\/exam-slots\/:id$/, { params: (w) => ({ id: w.ids.slot }), body: () => ({ places: 6, visibleLimit: 6 }) }],
  [/^POST \/(administrator|instructor)\/exam-slots\/:id\/registrations$/, { params: (w) => ({ id: w.ids.slot }), body: (w) => ({ studentId: w.student2.id }) }],
  [/^POST \/(administrator|instructor)\/exam-attendances\/:id\/result$/, { params: (w) => ({ id: w.ids.attendance }), body: () => ({ result: 1 }) }],
  [/^\w+ \/(administrator|instructor)\/exam-attendances\/:id\//, { params: (w) => ({ id: w.ids.attendance }) }],
  [/^POST \/administrator\/sections\/:id$/, { params: (w) => ({ id: w.ids.section }), body: () => ({ name: "Sede Norte" }) }],
  [/^\w+ \/administrator\/sections\/:id$/, { params: (w) => ({ id: w.ids.section }) }],
  [/^POST \/administrator\/cap\/cap-courses\/:id\/sessions$/, {
    params: (w) => ({ id: w.ids.course }),
    body: () => ({ name: "Sesión", start: "2099-01-01T08:00:00.000Z", end: "2099-01-01T10:00:00.000Z" }),
  }],
  [/^POST \/administrator\/cap\/cap-courses\/:id\/enrollments$/, { params: (w) => ({ id: w.ids.course }), body: (w) => ({ studentIds: [w.b.student.id] }) }],
  [/^\w+ \/administrator\/cap\/cap-courses\/:id/, { params: (w) => ({ id: w.ids.course, enrollmentId: w.ids.enrollment }) }],
  [/^\w+ \/administrator\/cap\/cap-sessions\/:id/, { params: (w) => ({ id: w.ids.session }) }],
  [/^POST \/administrator\/students\/:id\/update-cap$/, {
    params: (w) => ({ id: w.ids.capStudent }),
    body: () => ({ firstname: "Ana", surname1: "Gil", dni: "00000000T" }),
  }],
  [/^POST \/administrator\/students\/:id\/biometric-reference$/, {
    params: (w) => ({ id: w.ids.capStudent }),
    body: () => ({ image: "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQ==" }),
  }],
  // The world stores no face reference (it needs the face model): the owner's 404 is "no reference yet".
  [/^GET \/administrator\/students\/:id\/biometric-reference$/, { params: (w) => ({ id: w.ids.capStudent }), ownerStatus: 404 }],
  [/^POST \/messaging\/conversations\/:id\/messages$/, { params: (w) => ({ id: w.ids.conversation }), body: () => ({ body: "Hola" }) }],
  [/^\w+ \/messaging\/conversations\/:id\//, { params: (w) => ({ id: w.ids.conversation }) }],
  // The world's content item is a link (iframe): it has no file, so its owner's /file answer is 404 too.
  [/^GET \/(student|administrator)\/content\/:id\/file$/, { params: (w) => ({ id: w.ids.content }), ownerStatus: 404 }],
  [/^PATCH \/administrator\/content\/:id$/, { params: (w) => ({ id: w.ids.content }), body: () => ({ name: "Otro nombre" }) }],
  [/^POST \/administrator\/content\/:id\/move$/, { params: (w) => ({ id: w.ids.content }), body: () => ({ direction: "down" }) }],
  [/^\w+ \/(student|administrator)\/content\/:id$/, { params: (w) => ({ id: w.ids.content }) }],
  [/^\w+ \/administrator\/students\/:id/, { params: (w) => ({ id: w.ids.capStudent }) }],
  [/^POST \/auth\/impersonate\/:userId$/, { params: (w) => ({ userId: w.ids.student }) }],
  [/^PUT \/administrator\/users\/:id$/, {
    params: (w) => ({ id: w.ids.student }),
    body: () => ({ firstName: "Ana", surname1: "Gil", dni: "00000000T", kind: "student" }),
  }],
  [/^POST \/administrator\/users\/:id\/password$/, { params: (w) => ({ id: w.ids.student }), body: () => ({ password: "OtraClave-2026!" }) }],
  [/^\w+ \/administrator\/users\/:id/, { params: (w) => ({ id: w.ids.student }) }],
  [/^\w+ \/administrator\/licenses\/:id$/, { params: (w) => ({ id: w.ids.license }) }],
  [/^PUT \/administrator\/instructors\/:id\/licenses$/, { params: (w) => ({ id: w.ids.instructor }), body: () => ({ licenseIds: [] }) }],
  [/^\w+ \/administrator\/assignments\/:id$/, { params: (w) => ({ id: w.ids.assignment }) }],
  [/^PUT \/administrator\/vehicles\/:id$/, { params: (w) => ({ id: w.ids.vehicle }), body: () => ({ plate: "5678 FGH" }) }],
  [/^GET \/shop\/order\/:id$/, { params: (w) => ({ id: w.ids.order }) }],
  // A desk sale's receipt (issue 31 §3): the office's, and its student's own.
  [/^GET \/administrator\/sales\/:id\/receipt$/, { params: (w) => ({ id: w.ids.sale }) }],
  [/^GET \/student\/receipts\/:id$/, { params: (w) => ({ id: w.ids.sale }) }],
  [/^POST \/administrator\/balances\/students\/:id\/adjustments$/, {
    params: (w) => ({ id: w.ids.student }),
    body: () => ({ operation: "top-up", amount: 60, reason: "Motivo" }),
  }],
  [/^GET \/administrator\/balances\/students\/:id$/, { params: (w) => ({ id: w.ids.student }) }],
  // Well-formed Stripe keys of two modes (test secret, live publishable): refused by the service before any call to
  // Stripe, so the sweeps reach the service without a network and no school's card payments change.
  [/^PUT \/administrator\/payment-settings$/, {
    params: () => ({}),
    body: () => ({ secretKey: "sk_test_sweep0123456789", publishableKey: "pk_live_sweep0123456789", webhookSecret: "whsec_sweep0123456789" }),
  }],
];

/** Routes whose parameter is not an id of tenant data. */
export const NOT_AN_ID: Record<string, string> = {
  "GET /tenant-assets/:name": "a public logo/icon file name, looked up within the host's own school only",
};

/** Id-routes the sweep cannot build data for yet: "METHOD /path" → reason. Keep this short. */
export const PENDING: Record<string, string> = {
  "PUT /administrator/student-files/:id/notes/:noteId": "the sweep's world has no office note; server/modules/people/people.api.test.ts refuses another school's note (404)",
  "DELETE /administrator/student-files/:id/notes/:noteId": "the sweep's world has no office note; server/modules/people/people.api.test.ts refuses another school's note (404)",
  "POST /administrator/cap/cap-attendance/:id/correct": "the sweep's world has no CAP attendance (it needs a face capture); attendance-corrections.api.test.ts refuses another school's (404)",
  "GET /administrator/cap/cap-attendance/:id/corrections": "the sweep's world has no CAP attendance (it needs a face capture); attendance-corrections.api.test.ts refuses another school's (404)",
};

export function targetFor(route: ApiRoute): Target | undefined {
  return TARGETS.find(([re]) => re.test(route.key))?.[1];
}

export function uncoveredMessage(keys: string[]): string {
  return (
    `${keys.length} API route(s) with an id parameter have no isolation target:\n` +
    keys.map((k) => `  ${k}`).join("\n") +
    `\nAdd a line to TARGETS in tests/sweeps/targets.ts giving school A's id for each parameter (build the row in ` +
    `tests/sweeps/world.ts), and a valid body if the route validates its body before the lookup; or, if data ` +
    `cannot be built yet, add "METHOD /path": "reason" to PENDING in the same file.`
  );
}
