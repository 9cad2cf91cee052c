import { formatAmount } from "@/components/balance/balance-amount";
import { deviceDateFormats, type DateFormats } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { parseIsoDuration } from "@/lib/booking/durations";
import { EXAM_TYPES } from "@/lib/contract/constants/exams";
import { roleLabel } from "@/lib/session/roles";

type Details = Record<string, unknown>;
type Entry = { action: string; details: Details; actingAs: { name: string } | null };

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
const count = (v: unknown) => (Array.isArray(v) ? v.length : typeof v === "number" && Number.isFinite(v) ? v : null);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const withPrefix = (prefix: string, v: unknown) => (text(v) ? `${prefix}: ${text(v)}` : null);

function isoDuration(v: unknown): string | null {
  try {
    return typeof v === "string" ? formatDuration(parseIsoDuration(v)) : null;
  } catch {
    return null;
  }
}

// How each setting's value reads in Spanish (the stored values are the wire format: ISO durations, cents, codes).
const SETTING_VALUES: Record<string, (v: unknown) => string | null> = {
  practice_duration_min: isoDuration,
  practice_duration_max: isoDuration,
  practice_duration_increments: isoDuration,
  hourly_price: (v) => (/^\d+$/.test(String(v)) ? formatMoney(Number(v)) : null),
  reservation_mode: (v) => ({ request: "solicitud", direct: "directa" })[String(v)] ?? null,
  balance_mode: (v) => ({ time: "tiempo", money: "dinero" })[String(v)] ?? null,
  roles: (v) => (Array.isArray(v) ? v.map((r) => roleLabel(String(r))).join(", ") : null),
  isActive: (v) => (typeof v === "boolean" ? (v ? "sí" : "no") : null),
};

const CHANGE_LABELS: Record<string, string> = {
  practice_duration_min: "duración mínima",
  practice_duration_max: "duración máxima",
  practice_duration_increments: "incremento",
  reservation_mode: "modo de reserva",
  hourly_price: "precio por hora",
  reservation_cancel_deadline_hours: "plazo de cancelación (h)",
  balance_mode: "modo de saldo",
  booking_horizon_days: "días de antelación",
  max_cancellations_per_day: "cancelaciones por alumno y día",
  booking_min_notice_hours: "antelación mínima (h)",
  notification_reply_to: "correo de respuesta",
  lesson_reminder_hours: "recordatorios (h antes)",
  instructor_agenda_time: "hora del resumen del profesor",
  name: "nombre",
  position: "posición",
  username: "usuario",
  dni: "DNI/NIE",
  email: "correo",
  roles: "rol",
  isActive: "activo",
  description: "descripción",
  license: "permiso",
  plate: "matrícula",
};

const show = (key: string, v: unknown) => {
  if (v === null || v === undefined || v === "") return "—";
  const shown = SETTING_VALUES[key]?.(v);
  if (shown) return shown;
  return Array.isArray(v) ? v.join(", ") : String(v);
};

const VERIFICATION: Record<string, string> = {
  match: "identidad verificada",
  mismatch: "el rostro no coincide",
  "no-reference": "sin referencia biométrica",
  "no-face": "no se detectó ninguna cara",
  "invalid-image": "imagen no válida",
};
const ATTENDANCE_TYPE: Record<string, string> = { in: "Entrada", out: "Salida" };
const ACCESS: Record<string, string> = { password: "con contraseña", link: "con enlace para la contraseña", none: "sin acceso a la aplicación" };

// The office's card payments (issue 31 §4): the mode and which keys changed; the secret key only masked.
const PAYMENT_MODES: Record<string, string> = { test: "modo de prueba", live: "modo real" };
const PAYMENT_KEYS: Record<string, string> = { publishableKey: "clave publicable", secretKey: "clave secreta", webhookSecret: "secreto del webhook", stripeAccount: "cuenta conectada" };
const paymentKeys = (d: Details) => [
  PAYMENT_MODES[String(d.mode)] ?? null,
  withPrefix("Clave secreta", d.secretKey),
  Array.isArray(d.changed) && d.changed.length < 4 ? `cambia: ${d.changed.map((k) => PAYMENT_KEYS[String(k)] ?? String(k)).join(", ")}` : null,
];

// What a few actions store that the generic keys below do not say.
const SPECIFIC: Record<string, (d: Details, f: DateFormats) => (string | null)[]> = {
  "payment_settings.enabled": paymentKeys,
  "payment_settings.updated": paymentKeys,
  "payment_settings.disabled": paymentKeys,
  "reservations.booked": (d) => [count(d.ids) ? plural(count(d.ids)!, "práctica", "prácticas") : null],
  "reservations.moved": (d, f) => [
    text(d.previousStart) && text(d.start) ? `${f.dateTime(String(d.previousStart))} → ${f.dateTime(String(d.start))}` : null,
    d.byOffice === true ? "por la oficina" : null,
    d.status === "requested" ? "pendiente de confirmar" : null,
    typeof d.charge === "number" && typeof d.previousCharge === "number" && d.charge !== d.previousCharge
      ? `${d.charge > d.previousCharge ? "cobro" : "devolución"} de ${formatAmount(d.mode === "money" ? "money" : "time", Math.abs(d.charge - d.previousCharge))}`
      : null,
  ],
  "reservations.denied": (d) => [withPrefix("Motivo", d.reason)],
  "reservations.annulled": (d) => [withPrefix("Motivo", d.reason)],
  "availability.override_added": (d) => [
    text(d.date),
    text(d.start) && text(d.end) ? `${text(d.start)}–${text(d.end)}` : null,
    count(d.annulled) ? `${plural(count(d.annulled)!, "reserva anulada", "reservas anuladas")}` : null,
  ],
  "reservations.cancellation_rejected": (d) => [withPrefix("Respuesta", d.reason)],
  "biometric.verification": (d) => [ATTENDANCE_TYPE[String(d.type)] ?? null, VERIFICATION[String(d.decision)] ?? null],
  "biometric.reference_rejected": (d) => [VERIFICATION[String(d.reason)] ?? null],
  "cap.attendance_report_downloaded": (d) => [count(d.lines) !== null ? plural(count(d.lines)!, "línea", "líneas") : null],
  "cap.session_created": (d, f) => [text(d.start) ? f.dateTime(String(d.start)) : null, count(d.students) !== null ? plural(count(d.students)!, "alumno", "alumnos") : null],
  "cap.students_enrolled": (d) => [count(d.studentIds) !== null ? plural(count(d.studentIds)!, "alumno", "alumnos") : null],
  "cap.attendance_added_manually": (d, f) => [text(d.in) ? `Entrada ${f.time(String(d.in))}` : null, text(d.out) ? `Salida ${f.time(String(d.out))}` : null],
  "exams.registered": (d) => [examType(d)],
  "exams.backup_joined": (d) => [examType(d)],
  "exams.result_recorded": (d) => [withPrefix("Resultado", d.label)],
  "exams.slot_updated": (d) => [
    count(d.places) !== null ? `plazas: ${count(d.places)}` : null,
    count(d.visibleLimit) !== null ? `visibles: ${count(d.visibleLimit)}` : null,
    count(d.promoted) ? `${plural(count(d.promoted)!, "alumno sube", "alumnos suben")} de la lista de reserva` : null,
  ],
  "exams.withdrawn": (d) => [text(d.promoted) || text(d.promotedAttendanceId) ? "un alumno sube de la lista de reserva" : null],
  "balance.adjusted": (d) => [adjustment(d), withPrefix("Motivo", d.reason)],
  "shop.order_created": (d) => [typeof d.totalCents === "number" ? `Importe ${formatMoney(d.totalCents)}` : null, adjustment({ ...d, operation: "top-up" })],
  "user.created": (d) => [Array.isArray(d.roles) ? show("roles", d.roles) : null, ACCESS[String(d.access)] ?? null],
  "user.password_link_created": (d, f) => [text(d.expiresAt) ? `caduca el ${f.dateTime(String(d.expiresAt))}` : null],
  "user.admin_password_refused": (d) => [d.attempted === "password_link" ? "intento de generar un enlace" : d.attempted === "password" ? "intento de establecerla" : null],
  "content.link_added": (d) => [text(d.url)],
  "auth.sign_in": (d) => [
    d.isNewDevice === true ? "dispositivo nuevo" : null,
    withPrefix("Dirección", d.address),
    count(d.failedAttempts) ? `${plural(count(d.failedAttempts)!, "intento fallido", "intentos fallidos")} antes` : null,
    d.challenge === true ? "tras comprobación" : null,
  ],
  "auth.sign_in_failed": (d) => [
    count(d.failedAttempts) !== null ? `${count(d.failedAttempts)}.º fallo desde el último acceso` : null,
    withPrefix("Dirección", d.address),
    text(d.deviceId) ? "desde un dispositivo conocido" : null,
  ],
};

function examType(d: Details): string | null {
  const type = EXAM_TYPES.find((t) => t.id === Number(d.examType));
  return type ? `Examen ${type.name.toLowerCase()}` : null;
}

function adjustment(d: Details): string | null {
  const amount = typeof d.amount === "number" ? formatAmount(d.mode === "money" ? "money" : "time", d.amount) : null;
  const operation = d.operation === "top-up" ? "Recarga" : d.operation === "consumption" ? "Consumo" : null;
  return operation && amount ? `${operation} de ${amount}` : null;
}

// Who the administrator acted as: the end is recorded under the impersonation token; the start names the user.
export function actingAsName(entry: Entry): string | null {
  return entry.actingAs?.name ?? (entry.action === "impersonation.start" ? text(entry.details.name) : null);
}

// One short Spanish line from the entry's stored details; empty when they hold nothing a person can read. Dates are
// written with the screen's formats (components/shell/use-date-format.ts), the device's clock by default.
export function describeEntry(entry: Entry, formats: DateFormats = deviceDateFormats): string {
  if (entry.action.startsWith("impersonation.")) return "";
  const d = entry.details ?? {};
  const parts: (string | null)[] = ["name", "plate", "student", "instructor", "license", "code"].map((key) => text(d[key]));
  // A lesson's entry says when it is (issue 31 §6); a move says from when to when instead.
  if (entry.action.startsWith("reservations.") && entry.action !== "reservations.moved" && text(d.start)) parts.push(formats.dateTime(String(d.start)));
  parts.push(...(SPECIFIC[entry.action]?.(d, formats) ?? []));
  const changes = d.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes && typeof changes === "object") {
    for (const [k, c] of Object.entries(changes)) parts.push(`${CHANGE_LABELS[k] ?? k}: ${show(k, c?.from)} → ${show(k, c?.to)}`);
  }
  if (Array.isArray(d.licenses)) parts.push(`permisos: ${show("licenses", d.licenses)}`);
  return [...new Set(parts.filter((p): p is string => Boolean(p)))].join(" · ");
}
