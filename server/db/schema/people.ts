import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { createdAt, tenantId, userRef } from "../columns";

// What the office writes about a student (issue 31 §2): administrators only, every change audited (migration 0022).
export const officeNotes = pgTable(
  "office_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: userRef("student_id"),
    body: text("body").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("office_notes_student_idx").on(t.tenantId, t.studentId, t.createdAt.desc(), t.id.desc()),
    check("office_notes_body_ck", sql`length(btrim(${t.body})) between 1 and 2000`),
  ],
);
