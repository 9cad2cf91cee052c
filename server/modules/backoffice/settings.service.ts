import { or, gt, eq, and, sql } from "drizzle-orm";
import { z } from "zod";
import { parseIsoDuration } from "@/lib/booking/durations";
import { balanceModeSchema, reservationModeSchema, type ConfigResponse } from "@/lib/contract/config";
import { PRACTICE_MAX_HOURS } from "@/lib/contract/constants/practices";
import type { EditableSettingKey, SettingsBody } from "@/lib/contract/backoffice";
import { HOURLY_PRICE_MAX_CENTS, MIN_NOTICE_MAX_HOURS } from "@/lib/contract/constants/backoffice";
import type { Db, DbOrTx } from "../../db/client";
import { balances } from "../../db/schema/reservations";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { upsertSettings } from "../config/config.repository";
import { getConfig } from "../config/config.service";
import { forgetSettings } from "../config/settings-cache";
import { agendaTimeText, readAgendaMinutes, readReminderHours } from "../../notifications/schedule-settings";

const invalid = (message: string, field: string) => new AppError("VALIDATION_ERROR", message, 422, { issues: [{ path: field, message }] });

// '' (no Reply-To) or one address: the replies to the school's notification e-mails go there.
function replyTo(value: string): string {
  const text = value.trim();
  if (text !== "" && !z.email().safeParse(text).success) throw invalid("El correo de respuesta no es válido", "notification_reply_to");
  return text;
}

function duration(value: string, field: string, label: string): number {
  try {
    const seconds = parseIsoDuration(value);
    if (seconds <= 0) throw new Error("zero");
    return seconds;
  } catch {
    throw invalid(`${label}: usa una duración ISO 8601 en horas y minutos, por ejemplo PT1H o PT1H30M`, field);
  }
}

function integerIn(value: string, field: string, label: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw invalid(`${label} debe ser un número entero entre ${min} y ${max}`, field);
  return Number(value);
}

// Validates the whole configuration as it would be after the change; answers the normalised values.
export function validateSettings(next: Record<EditableSettingKey, string>): Record<EditableSettingKey, string> {
  const min = duration(next.practice_duration_min, "practice_duration_min", "Duración mínima");
  const max = duration(next.practice_duration_max, "practice_duration_max", "Duración máxima");
  duration(next.practice_duration_increments, "practice_duration_increments", "Incremento");
  if (min > max) throw invalid("La duración mínima no puede ser mayor que la máxima", "practice_duration_min");
  if (max > PRACTICE_MAX_HOURS * 3600) throw invalid(`La duración máxima no puede superar ${PRACTICE_MAX_HOURS} horas`, "practice_duration_max");
  if (!reservationModeSchema.safeParse(next.reservation_mode).success) throw invalid("El modo de reserva debe ser 'request' o 'direct'", "reservation_mode");
  if (!balanceModeSchema.safeParse(next.balance_mode).success) throw invalid("El modo de saldo debe ser 'time' o 'money'", "balance_mode");
  const price = integerIn(next.hourly_price, "hourly_price", "El precio por hora (en céntimos)", 0, HOURLY_PRICE_MAX_CENTS);
  const deadline = integerIn(next.reservation_cancel_deadline_hours, "reservation_cancel_deadline_hours", "El plazo de cancelación (horas)", 0, 720);
  const horizon = integerIn(next.booking_horizon_days, "booking_horizon_days", "El horizonte de reserva (días)", 1, 365);
  const cancellations = integerIn(next.max_cancellations_per_day, "max_cancellations_per_day", "El máximo de cancelaciones por alumno y día", 1, 100);
  const notice = integerIn(next.booking_min_notice_hours, "booking_min_notice_hours", "La antelación mínima para reservar (horas)", 0, MIN_NOTICE_MAX_HOURS);
  const reminders = readReminderHours(next.lesson_reminder_hours);
  if (!reminders) throw invalid("Los recordatorios de clase son hasta 3 números de horas entre 1 y 168 separados por comas, por ejemplo 24,2 (vacío: sin recordatorios)", "lesson_reminder_hours");
  const agenda = readAgendaMinutes(next.instructor_agenda_time);
  if (agenda === null) throw invalid("La hora del resumen diario del profesor debe tener el formato HH:MM, por ejemplo 20:00 (vacío: sin resumen)", "instructor_agenda_time");
  return {
    ...next,
    hourly_price: String(price),
    reservation_cancel_deadline_hours: String(deadline),
    booking_horizon_days: String(horizon),
    max_cancellations_per_day: String(cancellations),
    booking_min_notice_hours: String(notice),
    lesson_reminder_hours: reminders.join(","),
    instructor_agenda_time: agenda < 0 ? "" : agendaTimeText(agenda),
    notification_reply_to: replyTo(next.notification_reply_to),
  };
}

async function hasAnyBalance(db: DbOrTx, tenantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: balances.studentId })
    .from(balances)
    .where(and(eq(balances.tenantId, tenantId), or(gt(balances.seconds, 0), gt(balances.cents, 0))))
    .limit(1);
  return rows.length > 0;
}

export async function updateSettings(db: Db, tenant: Tenant, auth: Auth, body: SettingsBody): Promise<ConfigResponse> {
  const updated = await db.transaction(async (tx) => {
    // One settings change at a time per school, so two offices cannot interleave min and max.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${tenant.id}`}))`);
    const current = await getConfig(tx, tenant.id);
    const merged = Object.fromEntries(
      Object.entries(current).map(([k, v]) => [k, body[k as EditableSettingKey] ?? v.value]),
    ) as Record<EditableSettingKey, string>;
    const next = validateSettings(merged);
    const changes = Object.fromEntries(
      (Object.keys(body) as EditableSettingKey[])
        .filter((k) => next[k] !== current[k].value)
        .map((k) => [k, { from: current[k].value, to: next[k] }]),
    );
    if (Object.keys(changes).length === 0) return current;
    if (changes.balance_mode && (await hasAnyBalance(tx, tenant.id))) {
      throw conflict("BALANCE_MODE_LOCKED", "No se puede cambiar el modo de saldo mientras algún alumno tenga saldo. Deja todos los saldos a cero primero.");
    }
    await upsertSettings(tx, tenant.id, Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])));
    await recordAudit(tx, tenant.id, auth, { action: "settings.updated", targetType: "settings", details: { changes } });
    return getConfig(tx, tenant.id);
  });
  // Once committed, so that no read of this process keeps the values from before (settings-cache.ts).
  forgetSettings();
  return updated;
}
