import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { bytea, tenantId } from "../columns";

// A school's logos and icons, uploaded with `npm run tenant`, served at /api/tenant-assets/{name}.
export const tenantAssets = pgTable(
  "tenant_assets",
  {
    tenantId: tenantId(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "tenant_assets_pk", columns: [t.tenantId, t.name] })],
);
