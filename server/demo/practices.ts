import { and, asc, eq, inArray, lt } from "drizzle-orm";
import sharp from "sharp";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import { changeBalance } from "../modules/balance/balance.service";
import type { Db } from "../db/client";
import { tenants } from "../db/schema/core";
import { practices, schoolEvents } from "../db/schema/practices";
import { licenses, reservations, vehicles } from "../db/schema/reservations";
import type { CoreSeed } from "./core";

// Demo practices for 'Autoescuela Demo' (issue 9): alumno's past confirmed lessons become finished practices, two
// lessons agreed at the desk last month (manual practices), one lesson of today that has started and waits for
// profesor to finish it, and two school events (one online). Everything is placed relative to `now`.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const OBSERVATIONS = [
  "Buen control del embrague en pendiente. Repasar las incorporaciones a vías rápidas.",
  "Circulación urbana correcta. Mejorar la anticipación en las rotondas.",
  "Aparcamiento en línea conseguido a la segunda. Buena actitud.",
  "Arranque y frenado suaves en circuito cerrado. Trabajar la mirada en las curvas.",
  "Autovía y adelantamientos con seguridad. Casi lista para el examen.",
];

// A deterministic pseudo-random sequence (mulberry32): the same signature on every run.
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A handwriting-like stroke with a flourish underneath, as a PNG data URL (what the signature pad sends).
async function signaturePng(seed: number): Promise<string> {
  const next = random(seed);
  let x = 24;
  let path = `M ${x} 70`;
  while (x < 300) {
    const step = 18 + next() * 22;
    const up = 20 + next() * 40;
    path += ` C ${x + step * 0.3} ${70 - up}, ${x + step * 0.9} ${70 - up}, ${x + step * 0.6} 70`;
    path += ` S ${x + step * 1.1} ${78 + next() * 12}, ${x + step} 66`;
    x += step;
  }
  const flourish = `M 30 ${96 + next() * 6} Q 170 ${82 + next() * 10}, 320 ${92 + next() * 8}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120" viewBox="0 0 360 120">` +
    `<g fill="none" stroke="#1e293b" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="${path}"/><path d="${flourish}"/></g></svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

type PlannedPractice = {
  reservationId: string | null;
  instructorId: string;
  licenseId: string;
  vehicleId: string;
  startAt: Date;
  endAt: Date;
};

export async function seedPractices(db: Db, core: CoreSeed, now = new Date()): Promise<void> {
  const tenantId = core.demo.tenantId;
  const { alumno, profesor, profesora } = core.demo.users as Record<string, string>;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  const tz = tenant!.timeZone;
  const licenseRows = await db.select().from(licenses).where(and(eq(licenses.tenantId, tenantId), inArray(licenses.code, ["b", "a2"])));
  const licenseId = Object.fromEntries(licenseRows.map((l) => [l.code, l.id])) as Record<"b" | "a2", string>;
  const fleet = await db.select().from(vehicles).where(eq(vehicles.tenantId, tenantId));
  const vehicleFor = (id: string) => fleet.find((v) => v.licenseId === id)!.id;

  // 1. alumno's confirmed lessons that have ended were finished by their instructor.
  const past = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.studentId, alumno!), eq(reservations.status, "confirmed"), lt(reservations.endAt, now)))
    .orderBy(asc(reservations.startAt));
  const planned: PlannedPractice[] = past.map((r) => ({
    reservationId: r.id,
    instructorId: r.instructorId,
    licenseId: r.licenseId,
    vehicleId: vehicleFor(r.licenseId),
    startAt: r.startAt,
    endAt: r.endAt,
  }));

  // 2. Lessons agreed at the desk last month: the calendar month before that of today's lesson (3), so the history
  // always spans two months, even on the 1st just after midnight when today's lesson began the day before.
  const today = localDate(now.getTime(), tz);
  const lessonStart = new Date(Math.floor(now.getTime() / (30 * MINUTE)) * 30 * MINUTE - HOUR);
  const firstOfMonth = `${localDate(lessonStart.getTime(), tz).slice(0, 8)}01`;
  const at = (date: string, hour: number, hours: number) => {
    const startAt = new Date(localToUtc(date, hour * 60, tz));
    return { startAt, endAt: new Date(startAt.getTime() + hours * HOUR) };
  };
  planned.push(
    { reservationId: null, instructorId: profesor!, licenseId: licenseId.b, vehicleId: vehicleFor(licenseId.b), ...at(addDays(firstOfMonth, -16), 10, 1) },
    { reservationId: null, instructorId: profesora!, licenseId: licenseId.a2, vehicleId: vehicleFor(licenseId.a2), ...at(addDays(firstOfMonth, -9), 17, 1.5) },
  );
  planned.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());

  // Odometers advance lesson after lesson, per vehicle.
  const odometer: Record<string, number> = {};
  const rows = [];
  for (const [i, p] of planned.entries()) {
    const kmStart = (odometer[p.vehicleId] ??= p.licenseId === licenseId.b ? 48_210 : 12_035);
    const kmEnd = kmStart + 18 + ((i * 7) % 25);
    odometer[p.vehicleId] = kmEnd + 3;
    rows.push({
      tenantId,
      studentId: alumno!,
      ...p,
      kmStart,
      kmEnd,
      observations: OBSERVATIONS[i % OBSERVATIONS.length]!,
      studentSignature: await signaturePng(100 + i),
      instructorSignature: await signaturePng(200 + i),
      createdAt: new Date(Math.min(p.endAt.getTime() + 5 * MINUTE, now.getTime())),
    });
  }
  if (rows.length > 0) await db.insert(practices).values(rows);

  // 3. Today's lesson with profesor, started an hour ago: confirmed, paid, waiting to be finished.
  const startAt = lessonStart;
  const bookedAt = new Date(now.getTime() - 2 * HOUR);
  const [lesson] = await db
    .insert(reservations)
    .values({
      tenantId,
      studentId: alumno!,
      instructorId: profesor!,
      licenseId: licenseId.b,
      startAt,
      endAt: new Date(startAt.getTime() + HOUR),
      status: "confirmed",
      chargeMode: "time",
      chargeAmount: 3600,
      message: "Clase acordada en la autoescuela esta mañana",
      decidedBy: profesor!,
      decidedAt: new Date(bookedAt.getTime() + 10 * MINUTE),
      createdAt: bookedAt,
    })
    .returning({ id: reservations.id });
  // Paid at the desk and booked at once: alumno keeps the 10 h the other demo data promise.
  const charge = { tenantId, studentId: alumno!, mode: "time" as const, amount: 3600 };
  await db.transaction(async (tx) => {
    await changeBalance(tx, { ...charge, operation: "top-up", description: "recarga_admin", at: new Date(bookedAt.getTime() - MINUTE) });
    await changeBalance(tx, { ...charge, operation: "consumption", description: "reserva_solicitada", reservationId: lesson!.id, at: bookedAt });
  });

  // 4. School events: an online talk (with its link) and a day at the school.
  await db.insert(schoolEvents).values([
    { tenantId, title: "Charla online: novedades del examen práctico", url: "https://meet.jit.si/autoescuela-demo-charla", ...at(addDays(today, 2), 19, 1) },
    { tenantId, title: "Jornada de seguridad vial", url: null, ...at(addDays(today, 5), 10, 2) },
  ]);
}
