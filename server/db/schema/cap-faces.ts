import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { bytea, createdAt, tenantId } from "../columns";

// Further face references of a CAP student (issue 30): the first stays in biometric_references (the one shown on the
// student's card); positions 2..5 live here. Both are written together, in one transaction, by
// server/modules/cap/biometric-reference.service.ts; images and descriptors are encrypted like the first one.
export const faceReferences = pgTable(
  "face_references",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    imageMime: text("image_mime").notNull(),
    imageEncrypted: bytea("image_encrypted").notNull(),
    embeddingEncrypted: bytea("embedding_encrypted").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("face_references_student_position_uq").on(t.studentId, t.position),
    check("face_references_position_ck", sql`${t.position} between 2 and 5`),
    index("face_references_tenant_idx").on(t.tenantId),
  ],
);
