// Column builders shared by every domain's tables (server/db/schema/*.ts).
import { customType, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./schema/core";

/** The owning school: its rows go with it. */
export const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

/** A user the row belongs to and goes with (messages, enrolments). */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A user on a money or history row (reservations, the ledger, orders, practices): it blocks the delete of its user.
 * NO ACTION rather than RESTRICT, checked at the end of the statement, so deleting a whole tenant, which cascades to
 * both the user and the row, still works (migration 0002).
 */
export const historyUserRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "no action" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** bytea as a Buffer: pg answers Buffers, PGlite Uint8Arrays. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
