import { and, eq } from "drizzle-orm";
import { ROLE_STUDENT } from "@/lib/session/roles";
import { addDays, isoWeekday, localDate, localToUtc } from "@/lib/time/zoned-time";
import type { Db } from "../db/client";
import { users } from "../db/schema/core";
import { examAttendances, examSlots, exams } from "../db/schema/exams";
import { licenses } from "../db/schema/reservations";
import type { CoreSeed } from "./core";

const TZ = "Europe/Madrid";
const DAY_MS = 86_400_000;
const THEORY = 1;
const CIRCUIT = 2;
const ROAD = 3;

type SeedAttendance = { studentId: string; status: "registered" | "backup"; result?: number };
type SeedSlot = { examType: number; licenseId: string; places: number; visibleLimit: number; attendances?: SeedAttendance[] };

// The local date `days` from today, moved off the weekend away from today (the DGT examines on weekdays).
function weekday(now: Date, days: number): string {
  let date = addDays(localDate(now.getTime(), TZ), days);
  while (isoWeekday(date) > 5) date = addDays(date, days < 0 ? -1 : 1);
  return date;
}

// An exam at 09:00 school time about `days` from today; its window opens at 09:00 and closes at 14:00 local
// time, `window` days from today.
async function insertExam(db: Db, tenantId: string, now: Date, days: number, window: [number, number], location: string, slots: SeedSlot[]) {
  const today = localDate(now.getTime(), TZ);
  const date = new Date(localToUtc(weekday(now, days), 9 * 60, TZ));
  const opening = new Date(localToUtc(addDays(today, window[0]), 9 * 60, TZ));
  const closing = new Date(Math.min(localToUtc(addDays(today, window[1]), 14 * 60, TZ), date.getTime() - DAY_MS));
  const [exam] = await db
    .insert(exams)
    .values({ tenantId, date, inscriptionsOpening: opening, inscriptionsClosing: closing, location })
    .returning();
  for (const s of slots) {
    const list = s.attendances ?? [];
    const [slot] = await db
      .insert(examSlots)
      .values({
        tenantId,
        examId: exam!.id,
        examType: s.examType,
        licenseId: s.licenseId,
        places: s.places,
        visibleLimit: s.visibleLimit,
        registeredCount: list.filter((a) => a.status === "registered").length,
      })
      .returning();
    // Inserted one by one so the reserve list keeps this order.
    for (const [i, a] of list.entries()) {
      const joinedAt = new Date(Math.min(now.getTime(), closing.getTime()) - (list.length - i) * 3_600_000);
      await db.insert(examAttendances).values({
        tenantId,
        slotId: slot!.id,
        studentId: a.studentId,
        status: a.status,
        result: a.result ?? 0,
        joinedAt,
        registeredAt: a.status === "registered" ? joinedAt : null,
      });
    }
  }
}

// Demo exams: two upcoming dates open for inscription (one with places, one full on what it shows, with a
// reserve list), one whose window has not opened, and past results for `alumno` (one still without result).
export async function seedExams(db: Db, core: CoreSeed, now: Date): Promise<void> {
  const tenantId = core.demo.tenantId;
  const rows = await db.select({ id: licenses.id, code: licenses.code }).from(licenses).where(eq(licenses.tenantId, tenantId));
  const license = Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<string, string>;
  const alumno = core.demo.users.alumno!;
  const [alumno2] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.username, "alumno2")));
  // Students of the school registered through the office (no login); they fill the nearly full exam.
  const others = await db
    .insert(users)
    .values(
      [
        ["Diego", "Navarro", "Ramos", "71234567K"],
        ["Irene", "Castro", "Molina", "72345678L"],
        ["Hugo", "Serrano", "Vega", "73456789M"],
      ].map(([firstName, surname1, surname2, dni]) => ({ tenantId, firstName: firstName!, surname1: surname1!, surname2, dni, roles: [ROLE_STUDENT] })),
    )
    .returning({ id: users.id });
  const [diego, irene, hugo] = others.map((o) => o.id) as [string, string, string];
  const B = license.b!;
  const A2 = license.a2!;
  const MADRID = "Centro de exámenes de la DGT de Madrid (Moratalaz)";
  const CIRCUIT_SITE = "Pista de maniobras de la DGT (Madrid)";

  await insertExam(db, tenantId, now, 12, [-5, 8], MADRID, [
    { examType: ROAD, licenseId: B, places: 6, visibleLimit: 4 },
    { examType: THEORY, licenseId: A2, places: -1, visibleLimit: -1 },
  ]);
  await insertExam(db, tenantId, now, 19, [-3, 14], MADRID, [
    {
      examType: ROAD,
      licenseId: B,
      places: 3,
      visibleLimit: 2,
      attendances: [
        { studentId: diego, status: "registered" },
        { studentId: irene, status: "registered" },
        { studentId: hugo, status: "backup" },
      ],
    },
    { examType: CIRCUIT, licenseId: A2, places: 4, visibleLimit: 4, attendances: [{ studentId: diego, status: "registered" }] },
  ]);
  await insertExam(db, tenantId, now, 45, [10, 35], MADRID, [{ examType: ROAD, licenseId: B, places: 5, visibleLimit: 5 }]);

  // Past exams (windows long closed).
  const past = (days: number) => [days - 30, days - 5] as [number, number];
  await insertExam(db, tenantId, now, -70, past(-70), MADRID, [
    { examType: THEORY, licenseId: B, places: 8, visibleLimit: 8, attendances: [{ studentId: alumno, status: "registered", result: 3 }] },
  ]);
  await insertExam(db, tenantId, now, -40, past(-40), MADRID, [
    { examType: ROAD, licenseId: B, places: 4, visibleLimit: 4, attendances: [{ studentId: alumno, status: "registered", result: 2 }] },
  ]);
  await insertExam(db, tenantId, now, -25, past(-25), MADRID, [
    { examType: THEORY, licenseId: A2, places: 6, visibleLimit: 6, attendances: [{ studentId: alumno, status: "registered", result: 1 }] },
  ]);
  await insertExam(db, tenantId, now, -12, past(-12), CIRCUIT_SITE, [
    { examType: CIRCUIT, licenseId: A2, places: 3, visibleLimit: 3, attendances: [{ studentId: alumno, status: "registered", result: 4 }] },
  ]);
  await insertExam(db, tenantId, now, -2, past(-2), MADRID, [
    {
      examType: ROAD,
      licenseId: B,
      places: 4,
      visibleLimit: 4,
      attendances: [
        { studentId: alumno, status: "registered" },
        ...(alumno2 ? [{ studentId: alumno2.id, status: "registered" as const, result: 2 }] : []),
      ],
    },
  ]);
}
