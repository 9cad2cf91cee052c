import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./core";
import { createdAt, historyUserRef, tenantId, userRef } from "../columns";


export const licenses = pgTable(
  "licenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    code: text("code").notNull(), // the spec's codes: 'b', 'a2', 'am', 'c', ...
    name: text("name").notNull(), // shown as 'Permiso {name}'
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("licenses_tenant_code_uq").on(t.tenantId, t.code)],
);

export const instructorAssignments = pgTable(
  "instructor_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: userRef("student_id"),
    instructorId: userRef("instructor_id"),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("instructor_assignments_uq").on(t.tenantId, t.studentId, t.instructorId, t.licenseId),
    index("instructor_assignments_instructor_idx").on(t.tenantId, t.instructorId),
    // The office's assignments list pages newest first (migration 0015).
    index("instructor_assignments_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    plate: text("plate").notNull(),
    description: text("description"),
    licenseId: uuid("license_id").references(() => licenses.id, { onDelete: "set null" }),
    // Added by the back-office migration (0008): an inactive vehicle is kept for past practices.
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vehicles_tenant_plate_uq").on(t.tenantId, sql`upper(${t.plate})`)],
);

// Per-tenant configuration served by GET /api/config; a missing key takes the default of config.service.
export const tenantSettings = pgTable(
  "tenant_settings",
  {
    tenantId: tenantId(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

// Weekly availability in the tenant's time zone; minutes after local midnight.
export const availabilityRules = pgTable(
  "availability_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    instructorId: userRef("instructor_id"),
    weekday: smallint("weekday").notNull(), // 1 = Monday .. 7 = Sunday
    startMinutes: integer("start_minutes").notNull(),
    endMinutes: integer("end_minutes").notNull(),
  },
  (t) => [
    index("availability_rules_instructor_idx").on(t.tenantId, t.instructorId),
    check("availability_rules_weekday_ck", sql`${t.weekday} between 1 and 7`),
    check("availability_rules_range_ck", sql`${t.startMinutes} >= 0 and ${t.endMinutes} <= 1440 and ${t.endMinutes} > ${t.startMinutes}`),
  ],
);

export const availabilityOverrides = pgTable(
  "availability_overrides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    instructorId: userRef("instructor_id"),
    date: date("date", { mode: "string" }).notNull(),
    type: text("type", { enum: ["day_off", "extra"] }).notNull(),
    startMinutes: integer("start_minutes"),
    endMinutes: integer("end_minutes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("availability_overrides_instructor_idx").on(t.tenantId, t.instructorId, t.date),
    check("availability_overrides_type_ck", sql`${t.type} in ('day_off', 'extra')`),
    check(
      "availability_overrides_range_ck",
      sql`(${t.startMinutes} is null and ${t.endMinutes} is null and ${t.type} = 'day_off')
        or (${t.startMinutes} >= 0 and ${t.endMinutes} <= 1440 and ${t.endMinutes} > ${t.startMinutes})`,
    ),
  ],
);

// Overlaps of active reservations are excluded by the database: see the custom migration
// reservations_no_overlap (EXCLUDE USING gist on instructor_id / student_id with tstzrange). A new active reservation
// on its instructor's day off is refused by the trigger reservations_respect_days_off (migration 0018).
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: historyUserRef("student_id"),
    instructorId: historyUserRef("instructor_id"),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "restrict" }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["requested", "denied", "confirmed", "anulled", "cancelled"] }).notNull(),
    message: text("message"),
    // What was debited, in the mode it was debited, so a refund returns exactly that.
    chargeMode: text("charge_mode", { enum: ["time", "money"] }).notNull(),
    chargeAmount: integer("charge_amount").notNull(),
    // The student's cancellation request: pending, then accepted or rejected (or closed by an annulment).
    cancellationRequestStatus: text("cancellation_request_status", { enum: ["pending", "accepted", "rejected", "closed"] }),
    cancellationRequestReason: text("cancellation_request_reason"),
    cancellationRequestedAt: timestamp("cancellation_requested_at", { withTimezone: true }),
    // The school's reason for rejecting the cancellation request.
    cancellationResponse: text("cancellation_response"),
    // The school's reason for a denial or an annulment.
    decisionReason: text("decision_reason"),
    decidedBy: uuid("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // When the student cancelled it themselves (counted by the daily limit, max_cancellations_per_day).
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // The administrator who booked it, or who cancelled it / asked for its cancellation, while acting as the student.
    actedById: uuid("acted_by_id").references(() => users.id, { onDelete: "no action" }),
    cancellationActedById: uuid("cancellation_acted_by_id").references(() => users.id, { onDelete: "no action" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reservations_student_idx").on(t.tenantId, t.studentId, t.startAt),
    index("reservations_instructor_idx").on(t.tenantId, t.instructorId, t.startAt),
    // The paged lists (migration 0013): keyed by the end, plus the id.
    index("reservations_student_end_idx").on(t.tenantId, t.studentId, t.endAt, t.id),
    index("reservations_instructor_end_idx").on(t.tenantId, t.instructorId, t.endAt, t.id),
    index("reservations_instructor_pending_idx")
      .on(t.tenantId, t.instructorId, t.endAt, t.id)
      .where(sql`${t.status} = 'requested' or ${t.cancellationRequestStatus} = 'pending'`),
    // The office's home reads the whole school's day and its pending decisions (migration 0022).
    index("reservations_tenant_start_idx").on(t.tenantId, t.startAt),
    index("reservations_tenant_pending_idx")
      .on(t.tenantId, t.endAt, t.id)
      .where(sql`${t.status} = 'requested' or ${t.cancellationRequestStatus} = 'pending'`),
    index("reservations_student_cancelled_idx").on(t.tenantId, t.studentId, t.cancelledAt).where(sql`${t.cancelledAt} is not null`),
    check("reservations_range_ck", sql`${t.endAt} > ${t.startAt}`),
    check("reservations_status_ck", sql`${t.status} in ('requested', 'denied', 'confirmed', 'anulled', 'cancelled')`),
    check("reservations_charge_ck", sql`${t.chargeAmount} >= 0`),
  ],
);

// One row per student. Which amount counts is the tenant's balance_mode setting; both are kept so a
// reservation charged before a mode change is refunded in the mode it was charged.
export const balances = pgTable(
  "balances",
  {
    studentId: uuid("student_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "no action" }),
    tenantId: tenantId(),
    seconds: integer("seconds").notNull().default(0),
    cents: integer("cents").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("balances_tenant_idx").on(t.tenantId),
    check("balances_seconds_ck", sql`${t.seconds} >= 0`),
    check("balances_cents_ck", sql`${t.cents} >= 0`),
  ],
);

// The ledger: every change of a balance, with the amounts before and after (second document §3).
export const balanceMovements = pgTable(
  "balance_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: historyUserRef("student_id"),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    type: text("type", { enum: ["time", "money"] }).notNull(),
    operation: text("operation", { enum: ["top-up", "consumption"] }).notNull(),
    description: text("description", {
      enum: ["reserva_solicitada", "reserva_cancelada", "reserva_denegada", "reserva_anulada", "recarga_admin", "consumo_admin", "reserva_cambiada"],
    }).notNull(),
    amount: integer("amount").notNull(),
    amountBefore: integer("amount_before").notNull(),
    amountAfter: integer("amount_after").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    // Orders the movements of one transaction, which share created_at.
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    index("balance_movements_student_idx").on(t.tenantId, t.studentId, t.seq),
    // The office's home: the day's desk top-ups (migration 0022).
    index("balance_movements_tenant_desk_idx").on(t.tenantId, t.createdAt).where(sql`${t.description} = 'recarga_admin'`),
    check("balance_movements_amount_ck", sql`${t.amount} > 0 and ${t.amountAfter} >= 0`),
    check(
      "balance_movements_arith_ck",
      sql`${t.amountAfter} = case when ${t.operation} = 'top-up' then ${t.amountBefore} + ${t.amount} else ${t.amountBefore} - ${t.amount} end`,
    ),
  ],
);

// Idempotency-Key of POST /api/student/reservations: the first successful answer, replayed on a retry.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    tenantId: tenantId(),
    userId: userRef("user_id"),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
