// Every domain's tables, for the typed Drizzle client. drizzle-kit reads server/db/schema/*.ts directly.
export * from "./schema/core";
export * from "./schema/reservations";
export * from "./schema/cap";
