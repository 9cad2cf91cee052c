import { sql } from "drizzle-orm";
import { check, date, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { bytea, createdAt, historyUserRef, tenantId } from "../columns";

// CAP course administration: sections, courses, sessions, enrolments, attendance and biometric references.

const studentRef = () =>
  uuid("student_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });


// A teaching centre: its authorization number identifies it in the Ministry of Transport's CAP application.
export const sections = pgTable(
  "sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    authorizationNumber: text("authorization_number"),
    createdAt: createdAt(),
  },
  (t) => [index("sections_tenant_idx").on(t.tenantId)],
);

export const capCourses = pgTable(
  "cap_courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    // Restrict: a section with courses cannot be deleted (SECTION_IN_USE).
    sectionId: uuid("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    // School-local dates, both included.
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("cap_courses_tenant_start_idx").on(t.tenantId, t.startDate),
    check("cap_courses_period_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const capSessions = pgTable(
  "cap_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    capCourseId: uuid("cap_course_id")
      .notNull()
      .references(() => capCourses.id, { onDelete: "cascade" }),
    sectionId: uuid("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("cap_sessions_course_start_idx").on(t.capCourseId, t.startAt),
    index("cap_sessions_tenant_idx").on(t.tenantId),
    // The office's home: the day's sessions (migration 0022).
    index("cap_sessions_tenant_start_idx").on(t.tenantId, t.startAt),
    check("cap_sessions_times_ck", sql`${t.endAt} > ${t.startAt}`),
  ],
);

export const capEnrollments = pgTable(
  "cap_enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    capCourseId: uuid("cap_course_id")
      .notNull()
      .references(() => capCourses.id, { onDelete: "cascade" }),
    studentId: studentRef(),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cap_enrollments_course_student_uq").on(t.capCourseId, t.studentId),
    index("cap_enrollments_student_idx").on(t.studentId),
  ],
);

// How each time was recorded: method 'face' (verified capture), 'manual' (by hand: the fallback with a reason, or the
// spec's 'Añadir alumno a la sesión' without one) or 'correction' (changed after the session, history below); reason
// (MANUAL_REASONS), note ('Otro' text or the correction's reason) and the administrator (migration 0020).
export const capAttendances = pgTable(
  "cap_attendances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    capSessionId: uuid("cap_session_id")
      .notNull()
      .references(() => capSessions.id, { onDelete: "cascade" }),
    studentId: studentRef(),
    inAt: timestamp("in_at", { withTimezone: true }),
    outAt: timestamp("out_at", { withTimezone: true }),
    inMethod: text("in_method"),
    outMethod: text("out_method"),
    // Face distance of the accepted capture (lower is more alike); captures themselves are never stored.
    inDistance: real("in_distance"),
    outDistance: real("out_distance"),
    inReason: text("in_reason"),
    inNote: text("in_note"),
    inRecordedBy: uuid("in_recorded_by").references(() => users.id, { onDelete: "no action" }),
    outReason: text("out_reason"),
    outNote: text("out_note"),
    outRecordedBy: uuid("out_recorded_by").references(() => users.id, { onDelete: "no action" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cap_attendances_session_student_uq").on(t.capSessionId, t.studentId),
    index("cap_attendances_student_idx").on(t.studentId),
    check("cap_attendances_order_ck", sql`${t.outAt} is null or (${t.inAt} is not null and ${t.outAt} > ${t.inAt})`),
    check(
      "cap_attendances_method_ck",
      sql`(${t.inMethod} is null or ${t.inMethod} in ('face', 'manual', 'correction')) and (${t.outMethod} is null or ${t.outMethod} in ('face', 'manual', 'correction'))`,
    ),
    check(
      "cap_attendances_reason_ck",
      sql`(${t.inReason} is null or (${t.inMethod} = 'manual' and ${t.inReason} in ('face-failed', 'camera-unavailable', 'forgot-exit', 'other')))
        and (${t.outReason} is null or (${t.outMethod} = 'manual' and ${t.outReason} in ('face-failed', 'camera-unavailable', 'forgot-exit', 'other')))
        and (${t.inReason} is distinct from 'other' or length(trim(coalesce(${t.inNote}, ''))) > 0)
        and (${t.outReason} is distinct from 'other' or length(trim(coalesce(${t.outNote}, ''))) > 0)`,
    ),
  ],
);

// Append-only (a trigger refuses updates and direct deletes, migration 0020): every change of an attendance time
// after the session, with the value it replaced, so the original stays on record.
export const capAttendanceCorrections = pgTable(
  "cap_attendance_corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    attendanceId: uuid("attendance_id")
      .notNull()
      .references(() => capAttendances.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    previousAt: timestamp("previous_at", { withTimezone: true }),
    previousMethod: text("previous_method"),
    previousReason: text("previous_reason"),
    previousNote: text("previous_note"),
    previousRecordedBy: uuid("previous_recorded_by").references(() => users.id, { onDelete: "no action" }),
    newAt: timestamp("new_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    correctedBy: historyUserRef("corrected_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cap_attendance_corrections_attendance_idx").on(t.attendanceId, t.createdAt),
    index("cap_attendance_corrections_tenant_idx").on(t.tenantId),
    check("cap_attendance_corrections_type_ck", sql`${t.type} in ('in', 'out')`),
    check("cap_attendance_corrections_reason_ck", sql`length(trim(${t.reason})) > 0`),
  ],
);

// Special-category data (GDPR art. 9): image and embedding are AES-256-GCM ciphertexts (server/biometrics/crypto.ts).
export const biometricReferences = pgTable(
  "biometric_references",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: studentRef().unique("biometric_references_student_uq"),
    imageMime: text("image_mime").notNull(),
    imageEncrypted: bytea("image_encrypted").notNull(),
    embeddingEncrypted: bytea("embedding_encrypted").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("biometric_references_tenant_idx").on(t.tenantId)],
);
