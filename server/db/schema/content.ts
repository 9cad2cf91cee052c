import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { licenses } from "./reservations";
import { tenantId } from "../columns";

// One item of a licence's study library: a stored file (document, video) or an online-test link (iframe).
export const contentItems = pgTable(
  "content_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    licenseId: uuid("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    type: text("type").$type<"document" | "video" | "iframe">().notNull(),
    name: text("name").notNull(),
    // iframe items: the external test platform's address. Files: null (served by /student/content/{id}/file).
    url: text("url"),
    // Files: the key inside the storage (never shown to clients).
    storageKey: text("storage_key"),
    mimeType: text("mime_type"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_items_license_idx").on(t.tenantId, t.licenseId, t.position),
    check("content_items_type_ck", sql`${t.type} in ('document', 'video', 'iframe')`),
  ],
);
