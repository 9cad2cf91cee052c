import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { licenses, reservations, vehicles } from "./reservations";
import { historyUserRef, tenantId } from "../columns";


// A finished lesson: from a confirmed reservation (at most one practice each) or manual (no reservation).
export const practices = pgTable(
  "practices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "no action" }),
    studentId: historyUserRef("student_id"),
    instructorId: historyUserRef("instructor_id"),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "no action" }),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "no action" }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    kmStart: integer("km_start"),
    kmEnd: integer("km_end"),
    observations: text("observations"),
    // PNG images as data URLs (data:image/png;base64,...), validated and size-bounded by the contract.
    studentSignature: text("student_signature"),
    instructorSignature: text("instructor_signature"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("practices_reservation_uq").on(t.reservationId),
    index("practices_student_idx").on(t.tenantId, t.studentId, t.startAt, t.id),
    index("practices_instructor_idx").on(t.tenantId, t.instructorId, t.startAt, t.id),
    check("practices_range_ck", sql`${t.endAt} > ${t.startAt}`),
    check("practices_km_ck", sql`${t.kmStart} >= 0 and ${t.kmEnd} >= ${t.kmStart} and ${t.kmEnd} <= 2000000`),
  ],
);

// School events shown in every student's calendar; with a url they are online sessions.
export const schoolEvents = pgTable(
  "school_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text("title").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    url: text("url"),
    color: text("color"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("school_events_tenant_idx").on(t.tenantId, t.startAt), check("school_events_range_ck", sql`${t.endAt} > ${t.startAt}`)],
);

// Secret iCal feed tokens, one live token per user; revoking (or a new password) deletes the row. Only the SHA-256 of
// the token is stored: the URL is shown once, when made (migration 0012 hashed the tokens stored before).
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    tenantId: tenantId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feed_tokens_user_uq").on(t.tenantId, t.userId)],
);
