import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { licenses } from "./reservations";
import { createdAt, tenantId } from "../columns";


// An exam date of the DGT at which the school has places, with the window in which students sign up.
export const exams = pgTable(
  "exams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    inscriptionsOpening: timestamp("inscriptions_opening", { withTimezone: true }).notNull(),
    inscriptionsClosing: timestamp("inscriptions_closing", { withTimezone: true }).notNull(),
    location: text("location"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("exams_tenant_date_idx").on(t.tenantId, t.date),
    check("exams_window_ck", sql`${t.inscriptionsClosing} > ${t.inscriptionsOpening} and ${t.inscriptionsClosing} <= ${t.date}`),
  ],
);

// Places of one exam type (1 Teórico, 2 Circuito, 3 Circulación) for one licence at one exam date.
// places and visible_limit: -1 = unlimited. registered_count is kept under the slot's row lock; the check
// makes overselling impossible even for code that forgets the lock.
export const examSlots = pgTable(
  "exam_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    examType: smallint("exam_type").notNull(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "no action" }),
    places: integer("places").notNull(),
    visibleLimit: integer("visible_limit").notNull(),
    registeredCount: integer("registered_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("exam_slots_exam_type_license_uq").on(t.examId, t.examType, t.licenseId),
    index("exam_slots_tenant_idx").on(t.tenantId, t.examId),
    check("exam_slots_type_ck", sql`${t.examType} between 1 and 3`),
    check("exam_slots_places_ck", sql`${t.places} >= -1 and ${t.visibleLimit} >= -1`),
    check("exam_slots_count_ck", sql`${t.registeredCount} >= 0 and (${t.places} = -1 or ${t.registeredCount} <= ${t.places})`),
  ],
);

// A student's registration ('registered'), place on the reserve list ('backup') or a withdrawn one; the
// result code (0–4) is recorded on registrations after the exam. seq orders the reserve list.
// History keeps its student: deleting a user with exam rows is refused (NO ACTION, checked at the end of the
// statement, so deleting a whole tenant still cascades).
export const examAttendances = pgTable(
  "exam_attendances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => examSlots.id, { onDelete: "no action" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "no action" }),
    status: text("status", { enum: ["registered", "backup", "withdrawn"] }).notNull(),
    result: smallint("result").notNull().default(0),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    resultRecordedBy: uuid("result_recorded_by").references(() => users.id, { onDelete: "set null" }),
    resultRecordedAt: timestamp("result_recorded_at", { withTimezone: true }),
  },
  (t) => [
    // Registered or on the reserve list, never both, never twice.
    uniqueIndex("exam_attendances_active_uq").on(t.slotId, t.studentId).where(sql`${t.status} in ('registered', 'backup')`),
    index("exam_attendances_slot_idx").on(t.slotId, t.status, t.seq),
    index("exam_attendances_student_idx").on(t.tenantId, t.studentId),
    check("exam_attendances_status_ck", sql`${t.status} in ('registered', 'backup', 'withdrawn')`),
    check("exam_attendances_result_ck", sql`${t.result} between 0 and 4`),
  ],
);
