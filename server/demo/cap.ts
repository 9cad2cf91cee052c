import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { sessionBounds, sessionName } from "@/lib/cap/sessions";
import { addDaysToDate, localDateOf, zonedInstant } from "@/lib/cap/zoned-time";
import { ROLE_STUDENT } from "@/lib/session/roles";
import { encodeEmbedding, encrypt } from "../biometrics/crypto";
import { embeddingContext, imageContext } from "../modules/cap/biometric-reference.service";
import type { Db } from "../db/client";
import { biometricReferences, capAttendances, capCourses, capEnrollments, capSessions, sections } from "../db/schema/cap";
import { tenants, users } from "../db/schema/core";
import type { CoreSeed } from "./core";

// Demo CAP data for 'Autoescuela Demo': a section, a course running today and a later one, six CAP students
// (Lucía, the `alumno` login, plus five without a login), a session today and yesterday's complete one.

// Test images live outside the product (../shared/fixtures); a checkout without them gets no reference.
const FIXTURE_FACE = path.resolve(process.cwd(), "../shared/fixtures/faces/bbt/leonard_1.jpg");

const CAP_STUDENTS = [
  { firstName: "Leonardo", surname1: "Hidalgo", surname2: "Torres", dni: "48291736Q" }, // gets the reference
  { firstName: "Javier", surname1: "Moreno", surname2: "Díaz", dni: "70345182G" },
  { firstName: "Carmen", surname1: "Ruiz", surname2: "Sánchez", dni: "51928374D" },
  { firstName: "Miguel", surname1: "Fernández", surname2: "López", dni: "26473819Z" },
  { firstName: "Laura", surname1: "Jiménez", surname2: "Romero", dni: "39184627X" },
];

export async function seedCap(db: Db, core: CoreSeed, now = new Date()): Promise<void> {
  const tenantId = core.demo.tenantId;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  const tz = tenant!.timeZone;
  const today = localDateOf(now, tz);

  const [section] = await db
    .insert(sections)
    .values({ tenantId, name: "Sede Central", authorizationNumber: "28-CAP-0042" })
    .returning();
  const newStudents = await db
    .insert(users)
    .values(CAP_STUDENTS.map((s) => ({ ...s, tenantId, username: null, passwordHash: null, roles: [ROLE_STUDENT] })))
    .returning({ id: users.id });
  const studentIds = [...newStudents.map((s) => s.id), core.demo.users.alumno!];

  const [running, later] = await db
    .insert(capCourses)
    .values([
      { tenantId, sectionId: section!.id, name: "CAP Formación Continua Mercancías", code: "28/2025/0137", startDate: addDaysToDate(today, -2), endDate: addDaysToDate(today, 2) },
      { tenantId, sectionId: section!.id, name: "CAP Cualificación Inicial Viajeros", code: "28/2025/0152", startDate: addDaysToDate(today, 14), endDate: addDaysToDate(today, 30) },
    ])
    .returning();
  const enrolledAt = zonedInstant(addDaysToDate(today, -3), "10:00", tz);
  await db.insert(capEnrollments).values([
    ...studentIds.map((studentId) => ({ tenantId, capCourseId: running!.id, studentId, enrolledAt })),
    ...studentIds.slice(1, 4).map((studentId) => ({ tenantId, capCourseId: later!.id, studentId, enrolledAt })),
  ]);

  const yesterday = addDaysToDate(today, -1);
  const [past, current] = await db
    .insert(capSessions)
    .values(
      [yesterday, today].map((date) => {
        const bounds = sessionBounds(date, null, tz);
        return {
          tenantId,
          capCourseId: running!.id,
          sectionId: section!.id,
          code: running!.code,
          name: sessionName(running!.name, date),
          startAt: new Date(bounds.start),
          endAt: new Date(bounds.end),
        };
      }),
    )
    .returning();
  const at = (time: string) => zonedInstant(yesterday, time, tz);
  await db.insert(capAttendances).values([
    ...studentIds.map((studentId, i) => ({
      tenantId,
      capSessionId: past!.id,
      studentId,
      inAt: at(`07:5${i}`),
      outAt: at(`18:0${i}`),
      inMethod: "manual",
      outMethod: "manual",
    })),
    ...studentIds.map((studentId) => ({ tenantId, capSessionId: current!.id, studentId })),
  ]);

  await seedReference(db, tenantId, newStudents[0]!.id, now);
}

async function seedReference(db: Db, tenantId: string, studentId: string, now: Date): Promise<void> {
  if (!fs.existsSync(FIXTURE_FACE)) {
    console.log(`CAP demo: ${FIXTURE_FACE} not found; Leonardo Hidalgo gets no biometric reference.`);
    return;
  }
  const image = fs.readFileSync(FIXTURE_FACE);
  // Loads the face model (a few seconds), only for this one reference.
  const { embedFace } = await import("../biometrics/face-engine");
  const result = await embedFace(image);
  if (!result.ok) throw new Error(`CAP demo: the fixture face was not usable (${result.reason})`);
  await db.insert(biometricReferences).values({
    tenantId,
    studentId,
    imageMime: "image/jpeg",
    imageEncrypted: encrypt(image, imageContext(tenantId, studentId)),
    embeddingEncrypted: encrypt(encodeEmbedding(result.embedding), embeddingContext(tenantId, studentId)),
    createdAt: now,
  });
}
