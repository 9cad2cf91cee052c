// Every domain's tables, for the typed Drizzle client. drizzle-kit reads server/db/schema/*.ts directly.
export * from "./schema/core";
export * from "./schema/reservations";
export * from "./schema/cap";
export * from "./schema/cap-faces";
export * from "./schema/messaging";
export * from "./schema/shop";
export * from "./schema/practices";
export * from "./schema/exams";
export * from "./schema/content";
export * from "./schema/backoffice";
export * from "./schema/operations";
export * from "./schema/notifications";
export * from "./schema/people";
export * from "./schema/sales";
