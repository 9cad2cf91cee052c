// Tables of notifications (issue 29, migration 0019): the in-app rows, their deliveries per channel, the durable job
// queue, preferences, Web Push subscriptions and freed-slot alerts.
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
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenants } from "./core";
import { createdAt, tenantId, userRef } from "../columns";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: userRef("user_id"),
    kind: text("kind").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_uq").on(t.tenantId, t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index("notifications_user_created_idx").on(t.tenantId, t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx").on(t.tenantId, t.userId).where(sql`${t.readAt} is null`),
  ],
);

export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"push" | "email">().notNull(),
    status: text("status").$type<"pending" | "sent" | "skipped" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    skipReason: text("skip_reason"),
    // Push subscriptions already served by this delivery: a retry serves only the others.
    sentTo: text("sent_to").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ name: "notification_deliveries_pk", columns: [t.notificationId, t.channel] }),
    check("notification_deliveries_channel", sql`${t.channel} in ('push', 'email')`),
    check("notification_deliveries_status", sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("jobs_key_uq").on(t.key),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null`),
    index("jobs_done_idx").on(t.doneAt).where(sql`${t.doneAt} is not null`),
  ],
);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: userRef("user_id"),
    category: text("category").notNull(),
    channel: text("channel").$type<"push" | "email">().notNull(),
    tenantId: tenantId(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [
    primaryKey({ name: "notification_preferences_pk", columns: [t.userId, t.category, t.channel] }),
    check("notification_preferences_channel", sql`${t.channel} in ('push', 'email')`),
  ],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: userRef("user_id"),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [unique("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_user_idx").on(t.tenantId, t.userId)],
);

export const slotAlerts = pgTable(
  "slot_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: userRef("student_id"),
    instructorId: userRef("instructor_id"),
    // Inclusive school-local dates: one day, or up to a week.
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason").$type<"booked" | "expired" | "cancelled">(),
  },
  (t) => [
    uniqueIndex("slot_alerts_active_uq").on(t.studentId, t.instructorId, t.fromDate, t.toDate).where(sql`${t.endedAt} is null`),
    index("slot_alerts_instructor_active_idx").on(t.tenantId, t.instructorId, t.fromDate).where(sql`${t.endedAt} is null`),
    index("slot_alerts_student_active_idx").on(t.tenantId, t.studentId).where(sql`${t.endedAt} is null`),
    check("slot_alerts_range", sql`${t.toDate} >= ${t.fromDate} and ${t.toDate} - ${t.fromDate} <= 6`),
    check("slot_alerts_end_reason", sql`${t.endReason} is null or ${t.endReason} in ('booked', 'expired', 'cancelled')`),
  ],
);
