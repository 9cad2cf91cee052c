import type { Db } from "../db/client";
import type { tenants } from "../db/schema/core";

export type Tenant = typeof tenants.$inferSelect;

export type Auth = {
  userId: string;
  roles: string[];
  name: string;
  // Set while an administrator acts as this user.
  impersonatorId: string | null;
};

export type AppEnv = {
  Variables: {
    db: Db;
    requestId: string;
    tenant: Tenant;
    auth: Auth | null;
    clientIp: string;
  };
};
