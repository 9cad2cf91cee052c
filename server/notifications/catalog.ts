import type { NotificationCategory } from "@/lib/contract/constants/notifications";

// Every notification Volante sends (issue 29): its category (the preferences' rows), who receives it, and its Spanish
// title, body and link. The texts are short enough for a push notification (catalog.test.ts holds them to it with
// long names). `build` is pure: the emitters (events.ts, reminders.ts, scheduler.ts, slot-alerts.ts) pass dates
// already written on the school's clock (format.ts) and ids for the links.

export type NotificationParams = Record<string, string | number | null>;
export type NotificationText = { title: string; body: string; link: string };
/** Who receives a kind ('any': either side of a conversation). */
export type Audience = "student" | "instructor" | "administrator" | "any";
export type CatalogEntry = { category: NotificationCategory; audience: Audience; build: (params: NotificationParams) => NotificationText };

const text = (p: NotificationParams, key: string) => String(p[key] ?? "");
const query = (values: Record<string, string | number | null | undefined>) => {
  const entries = Object.entries(values).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined && e[1] !== "");
  return entries.length === 0 ? "" : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
};
/** ': reason' (or another lead) when there is a reason. */
const withReason = (p: NotificationParams, lead = ": ", tail = "") => (p.reason ? `${lead}${text(p, "reason")}${tail}` : "");
const lessons = (count: number) => (count === 1 ? "una clase" : `${count} clases`);
/** 'mar 1 dic · 12:00–14:00' and, for several lessons, ' y 2 más'. */
const firstAndMore = (p: NotificationParams) => {
  const more = Number(p.count ?? 1) - 1;
  return `${text(p, "when")}${more > 0 ? ` y ${more} más` : ""}`;
};

const studentReservation = (p: NotificationParams) => `/student/reservations${query({ id: p.reservationId })}`;
const instructorReservation = (p: NotificationParams) => `/instructor/reservations${query({ id: p.reservationId })}`;

export const catalog = {
  // The student: the school's decisions on their lessons.
  "reservation-confirmed": {
    category: "reservations",
    audience: "student",
    build: (p) => ({ title: "Clase confirmada", body: `${text(p, "instructor")} ha confirmado tu clase del ${text(p, "when")}.`, link: studentReservation(p) }),
  },
  "reservation-denied": {
    category: "reservations",
    audience: "student",
    build: (p) => ({
      title: "Solicitud de clase denegada",
      body: `${text(p, "instructor")} ha denegado tu clase del ${text(p, "when")}${withReason(p)}. Se te ha devuelto el saldo.`,
      link: studentReservation(p),
    }),
  },
  "reservation-annulled": {
    category: "reservations",
    audience: "student",
    build: (p) => ({
      title: "Clase anulada",
      body: `La autoescuela ha anulado tu clase del ${text(p, "when")}${withReason(p)}. Se te ha devuelto el saldo.`,
      link: studentReservation(p),
    }),
  },
  "cancellation-accepted": {
    category: "reservations",
    audience: "student",
    build: (p) => ({ title: "Cancelación aceptada", body: `Se ha cancelado tu clase del ${text(p, "when")} y se te ha devuelto el saldo.`, link: studentReservation(p) }),
  },
  "cancellation-rejected": {
    category: "reservations",
    audience: "student",
    build: (p) => ({
      title: "Cancelación rechazada",
      body: `Tu clase del ${text(p, "when")} sigue en pie${withReason(p, ". Motivo: ")}.`,
      link: studentReservation(p),
    }),
  },
  // A lesson moved to another time (issue 31 §5), told to the side that did not move it.
  "reservation-moved": {
    category: "reservations",
    audience: "student",
    build: (p) => ({
      title: "Clase cambiada de hora",
      body: `${text(p, "actor")} ha cambiado tu clase del ${text(p, "previous")} al ${text(p, "when")}.`,
      link: studentReservation(p),
    }),
  },
  "lesson-reminder": {
    category: "reminders",
    audience: "student",
    // `when` is relative on purpose ('Mañana · 09:00–10:00'): it is written when the reminder is due.
    build: (p) => ({ title: "Recordatorio de clase", body: `${text(p, "when")} con ${text(p, "instructor")} (${text(p, "license")}).`, link: studentReservation(p) }),
  },
  "practice-finished": {
    category: "practices",
    audience: "student",
    build: (p) => ({
      title: "Práctica registrada",
      body: `${text(p, "instructor")} ha registrado tu práctica del ${text(p, "when")}: ${text(p, "km")} km.`,
      link: `/student/practices/history${query({ practice: p.practiceId })}`,
    }),
  },
  "exam-registered": {
    category: "exams",
    audience: "student",
    build: (p) => ({
      title: "Inscripción en examen",
      body: `Estás inscrito en el examen ${text(p, "examType")} de ${text(p, "license")} del ${text(p, "date")}.`,
      link: "/student/exams/upcoming",
    }),
  },
  "exam-promoted": {
    category: "exams",
    audience: "student",
    build: (p) => ({
      title: "Tienes plaza en el examen",
      body: `Has salido de la lista de reserva: estás inscrito en el examen ${text(p, "examType")} de ${text(p, "license")} del ${text(p, "date")}.`,
      link: "/student/exams/upcoming",
    }),
  },
  "exam-result": {
    category: "exams",
    audience: "student",
    build: (p) => ({
      title: "Resultado de examen",
      body: `Examen ${text(p, "examType")} de ${text(p, "license")} del ${text(p, "date")}: ${text(p, "result")}.`,
      link: "/student/exams/results",
    }),
  },
  "balance-credited": {
    category: "balance",
    audience: "student",
    build: (p) => ({
      title: "Saldo recargado",
      body: `Se han añadido ${text(p, "amount")} a tu saldo${p.via === "card" ? " con tarjeta" : " en la autoescuela"}. Saldo actual: ${text(p, "balance")}.`,
      link: "/student/balance/history",
    }),
  },
  "balance-low": {
    category: "balance",
    audience: "student",
    build: (p) => ({
      title: "Saldo bajo",
      body: `Te quedan ${text(p, "balance")} de saldo, menos de una clase. Recarga para seguir reservando.`,
      link: "/student/balance/top-up",
    }),
  },
  // Either side of a conversation; the link opens the reader's own chat screen (`area`: student, instructor, administrator).
  "chat-unread": {
    category: "chat",
    audience: "any",
    build: (p) => ({
      title: `Mensaje de ${text(p, "author")}`,
      body: Number(p.count ?? 1) > 1 ? `${text(p, "count")} mensajes sin leer. El último: «${text(p, "preview")}»` : `«${text(p, "preview")}»`,
      link: `/${text(p, "area")}/chat${query({ conversation: p.conversationId })}`,
    }),
  },

  // The instructor.
  "reservation-requested": {
    category: "reservations",
    audience: "instructor",
    build: (p) => ({
      title: "Nueva solicitud de clase",
      body: `${text(p, "student")} solicita ${lessons(Number(p.count ?? 1))}: ${firstAndMore(p)}.`,
      link: instructorReservation(p),
    }),
  },
  "reservation-booked": {
    category: "reservations",
    audience: "instructor",
    build: (p) => ({
      title: "Nueva reserva",
      body: `${text(p, "student")} ha reservado ${lessons(Number(p.count ?? 1))}: ${firstAndMore(p)}.`,
      link: instructorReservation(p),
    }),
  },
  "cancellation-requested": {
    category: "reservations",
    audience: "instructor",
    build: (p) => ({
      title: "Solicitud de cancelación",
      body: `${text(p, "student")} pide cancelar la clase del ${text(p, "when")}${withReason(p, ": «", "»")}.`,
      link: instructorReservation(p),
    }),
  },
  "reservation-cancelled": {
    category: "reservations",
    audience: "instructor",
    build: (p) => ({
      title: "Solicitud cancelada por el alumno",
      body: `${text(p, "student")} ha cancelado su solicitud de clase del ${text(p, "when")}.`,
      link: instructorReservation(p),
    }),
  },
  "reservation-moved-instructor": {
    category: "reservations",
    audience: "instructor",
    build: (p) => ({
      title: "Clase cambiada de hora",
      body: `La clase de ${text(p, "student")} del ${text(p, "previous")} pasa al ${text(p, "when")}.`,
      link: instructorReservation(p),
    }),
  },
  "agenda-tomorrow": {
    category: "reminders",
    audience: "instructor",
    build: (p) => ({
      title: "Tu agenda de mañana",
      body: `${Number(p.count) === 1 ? "Una clase" : `${text(p, "count")} clases`}, de ${text(p, "from")} a ${text(p, "to")}. Primera: ${text(p, "from")} con ${text(p, "firstStudent")}.`,
      link: `/instructor/calendar${query({ date: p.date })}`,
    }),
  },

  // The office (the school's administrators).
  "payment-failed": {
    category: "balance",
    audience: "administrator",
    build: (p) => ({
      title: "Pago con tarjeta fallido",
      body: `No se ha completado el pago de ${text(p, "amount")} de ${text(p, "student")}.`,
      link: `/administrator/balances${query({ student: p.studentId })}`,
    }),
  },
  "cancellation-stale": {
    category: "office",
    audience: "administrator",
    build: (p) => ({
      title: "Cancelación sin responder",
      body: `${text(p, "student")} pidió hace más de 24 horas cancelar su clase del ${text(p, "when")} con ${text(p, "instructor")}.`,
      link: `/administrator/chat${query({ user: p.instructorId })}`,
    }),
  },

  // A freed slot, to the students who asked for one ('Avísame si se libera un hueco').
  "slot-freed": {
    category: "slots",
    audience: "student",
    build: (p) => ({
      title: `Hueco libre con ${text(p, "instructor")}`,
      body: `Se ha liberado ${text(p, "when")}. No se guarda para nadie: resérvalo si te interesa.`,
      link: `/student/reservations/new${query({ instructor: p.instructorId, date: p.date })}`,
    }),
  },
} satisfies Record<string, CatalogEntry>;

export type NotificationKind = keyof typeof catalog;
export const NOTIFICATION_KINDS = Object.keys(catalog) as NotificationKind[];

export function catalogEntry(kind: string): CatalogEntry | null {
  return Object.hasOwn(catalog, kind) ? (catalog as Record<string, CatalogEntry>)[kind]! : null;
}
