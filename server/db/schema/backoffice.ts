import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { licenses } from "./reservations";
import { tenantId } from "../columns";

// One-time set-password links the office hands over: only the SHA-256 of the token is stored.
export const passwordSetupTokens = pgTable(
  "password_setup_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_setup_tokens_hash_uq").on(t.tokenHash), index("password_setup_tokens_user_idx").on(t.tenantId, t.userId)],
);

// Which licences each instructor teaches.
export const instructorLicenses = pgTable(
  "instructor_licenses",
  {
    tenantId: tenantId(),
    instructorId: uuid("instructor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instructorId, t.licenseId] }), index("instructor_licenses_tenant_idx").on(t.tenantId)],
);
