import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export type TenantIcons = {
  favicon96: string;
  favicon32: string;
  faviconIco: string;
  appleTouchIcon: string;
  webAppIcon192: string;
  webAppIcon512: string;
};

export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  // Host names (without port) that resolve to this tenant.
  domains: text("domains").array().notNull().default(sql`'{}'::text[]`),
  // Resolves localhost / 127.0.0.1 and any unknown host in development.
  isDefault: boolean("is_default").notNull().default(false),
  // A disabled school answers as an unknown host (npm run tenant -- disable).
  isActive: boolean("is_active").notNull().default(true),
  headerLogo: text("header_logo"),
  loginLogo: text("login_logo"),
  icons: jsonb("icons").$type<TenantIcons>().notNull(),
  themeColor: text("theme_color").notNull().default("#0f766e"),
  backgroundColor: text("background_color").notNull().default("#ffffff"),
  timeZone: text("time_zone").notNull().default("Europe/Madrid"),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // Null for people without a login (for example CAP students created by an administrator).
    username: text("username"),
    dni: text("dni"),
    firstName: text("first_name").notNull(),
    surname1: text("surname1").notNull().default(""),
    surname2: text("surname2"),
    email: text("email"),
    // Spanish numbers in E.164 ('+34612345678'), checked by users_phone_ck (migration 0022).
    phone: text("phone"),
    profileImage: text("profile_image"),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text("password_hash"),
    isActive: boolean("is_active").notNull().default(true),
    // Put in every token; logout and a password change increase it, which revokes older tokens (migration 0002).
    sessionVersion: integer("session_version").notNull().default(0),
    // Failed sign-ins since the last successful one: told to the user at the next sign-in (migration 0011).
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    // Name and DNI folded (lower case, no accents) for the office's searches; written by PostgreSQL (migration 0015).
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(translate("first_name" || ' ' || "surname1" || ' ' || coalesce("surname2", '') || ' ' || coalesce("dni", ''), 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC'))`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_tenant_username_uq").on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex("users_tenant_dni_uq").on(t.tenantId, sql`upper(${t.dni})`),
    // Notifications go to it: optional, unique per school (migration 0019).
    uniqueIndex("users_tenant_email_uq").on(t.tenantId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index("users_tenant_idx").on(t.tenantId),
    // The users list and the balance desk page by name (migration 0015; the CAP list's folded-name index is there too).
    index("users_tenant_name_idx").on(t.tenantId, t.firstName, t.surname1, t.id),
    check("users_phone_ck", sql`${t.phone} is null or ${t.phone} ~ '^\\+34[6-9][0-9]{8}$'`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // The person who acted; actingAsId is the user they were impersonating, if any.
    actorId: uuid("actor_id"),
    actingAsId: uuid("acting_as_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_tenant_created_idx").on(t.tenantId, t.createdAt),
    // The activity log pages newest first by id, with or without an action (migration 0015).
    index("audit_log_tenant_id_idx").on(t.tenantId, t.id),
    index("audit_log_tenant_action_idx").on(t.tenantId, t.action, t.id),
  ],
);

// Failed-login counters per account and per client address (keys are tenant-scoped).
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
