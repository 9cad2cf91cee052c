import crypto from "node:crypto";
import { CALENDAR_FEED_PATH, type CalendarFeed } from "@/lib/contract/calendar";
import { webLink } from "@/lib/contract/constants/calendar";
import { ROLE_STUDENT } from "@/lib/session/roles";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { listSchoolEvents, listStudentSessions } from "./calendar.repository";
import { deleteFeed, findFeedByUser, findFeedOwner, listFeedPractices, listFeedReservations, upsertFeed } from "./calendar-feed.repository";
import { renderIcs, type FeedEvent } from "./calendar-feed.ics";

const DAY_MS = 86_400_000;
// The feed covers a year back and a year ahead: what a calendar app shows, with a bounded answer.
export const FEED_DAYS_BACK = 365;
export const FEED_DAYS_AHEAD = 365;

// Only the token's SHA-256 is stored (a 256-bit random token needs no slow hash): a copy of the table opens no feed.
export const hashFeedToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

// The secret URL outlives the session that created it: an administrator acting as the student must not take one away.
function refuseImpersonation(auth: Auth) {
  if (auth.impersonatorId) throw forbidden("El enlace del calendario solo lo puede gestionar el propio alumno");
}

// Whether a subscription is live, and since when; its URL cannot be shown again (path is null).
export async function getCalendarFeed(db: Db, tenant: Tenant, auth: Auth): Promise<CalendarFeed> {
  refuseImpersonation(auth);
  const row = await findFeedByUser(db, tenant.id, auth.userId);
  return { path: null, createdAt: row ? row.createdAt.toISOString() : null };
}

// Creates the subscription, or replaces its token (the old URL stops working). The only answer that carries the URL.
export async function rotateCalendarFeed(db: Db, tenant: Tenant, auth: Auth, now = new Date()): Promise<CalendarFeed> {
  refuseImpersonation(auth);
  const token = crypto.randomBytes(32).toString("base64url");
  const row = await upsertFeed(db, tenant.id, auth.userId, hashFeedToken(token), now);
  return { path: `${CALENDAR_FEED_PATH}?token=${token}`, createdAt: row.createdAt.toISOString() };
}

export async function revokeCalendarFeed(db: Db, tenant: Tenant, auth: Auth): Promise<void> {
  refuseImpersonation(auth);
  await deleteFeed(db, tenant.id, auth.userId);
}

// The public feed: an unknown, revoked or foreign token, or a user no longer active, is simply not found.
export async function renderCalendarFeed(db: Db, tenant: Tenant, token: string, now = new Date()): Promise<string> {
  const owner = await findFeedOwner(db, tenant.id, hashFeedToken(token));
  if (!owner || !owner.roles.includes(ROLE_STUDENT)) throw notFound("Calendario no encontrado");
  const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS);
  const [resRows, practiceRows, sessionRows, eventRows] = await Promise.all([
    listFeedReservations(db, tenant.id, owner.userId, from, to, ["requested", "confirmed"]),
    listFeedPractices(db, tenant.id, owner.userId, from, to),
    listStudentSessions(db, tenant.id, owner.userId, from, to),
    listSchoolEvents(db, tenant.id, from, to),
  ]);
  const practiced = new Set(practiceRows.map((p) => p.reservationId).filter(Boolean));
  const events: FeedEvent[] = [];
  for (const r of resRows) {
    // A lesson that became a practice appears once, as the practice.
    if (practiced.has(r.id)) continue;
    const isConfirmed = r.status === "confirmed";
    events.push({
      uid: `reservation-${r.id}`,
      title: isConfirmed ? `Clase práctica (Permiso ${r.license})` : `Clase práctica pendiente de confirmar (Permiso ${r.license})`,
      description: `Profesor: ${r.instructorName}\nEstado: ${isConfirmed ? "Confirmada" : "Pendiente"}`,
      start: r.startAt,
      end: r.endAt,
      status: isConfirmed ? "CONFIRMED" : "TENTATIVE",
    });
  }
  for (const p of practiceRows) {
    const lines = [`Profesor: ${p.instructorName}`];
    if (p.plate) lines.push(`Vehículo: ${p.plate}`);
    if (p.kmStart !== null && p.kmEnd !== null) lines.push(`Km. Recorridos: ${p.kmEnd - p.kmStart}`);
    events.push({
      uid: `practice-${p.id}`,
      title: `Práctica finalizada (Permiso ${p.license})`,
      description: lines.join("\n"),
      start: p.startAt,
      end: p.endAt,
      status: "CONFIRMED",
    });
  }
  for (const s of sessionRows) {
    events.push({ uid: `session-${s.id}`, title: s.name, description: "Sesión presencial", start: s.startAt, end: s.endAt, status: "CONFIRMED" });
  }
  for (const e of eventRows) {
    // Only web links reach a calendar app (a link the `ics` package refuses would break the whole feed).
    const url = webLink(e.url);
    events.push({
      uid: `event-${e.id}`,
      title: e.title,
      description: url ? `Sesión online: ${url}` : "Sesión presencial",
      start: e.startAt,
      end: e.endAt,
      status: "CONFIRMED",
      url,
    });
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  return renderIcs(`${tenant.name}: Mi calendario`, events);
}
