import type { UnsubscribeResult } from "@/lib/contract/notification-unsubscribe";
import { NOTIFICATION_CATEGORY_LABELS } from "@/lib/contract/constants/notifications";
import type { Db } from "../db/client";
import type { Tenant } from "../http/context";
import { notFound } from "../http/errors";
import { findActiveRecipients, setPreference } from "./notifications.repository";
import { readUnsubscribeToken, type UnsubscribeClaims } from "./unsubscribe-token";

const INVALID_LINK = "Este enlace para darse de baja no es válido";

// A token that is not ours, was altered, belongs to another school or to a user who is gone is simply not found.
async function claimsFor(db: Db, tenant: Tenant, token: string): Promise<UnsubscribeClaims> {
  const claims = readUnsubscribeToken(token);
  if (!claims || claims.tenantId !== tenant.id) throw notFound(INVALID_LINK);
  const [user] = await findActiveRecipients(db, tenant.id, [claims.userId]);
  if (!user) throw notFound(INVALID_LINK);
  return claims;
}

const result = (claims: UnsubscribeClaims): UnsubscribeResult => ({ category: claims.category, label: NOTIFICATION_CATEGORY_LABELS[claims.category] });

/** What the link turns off, without turning it off (the '/baja' page, and mail scanners that only look). */
export async function describeUnsubscribe(db: Db, tenant: Tenant, token: string): Promise<UnsubscribeResult> {
  return result(await claimsFor(db, tenant, token));
}

/** RFC 8058 one-click: the e-mails of that one category stop; its push and every other category stay as they were. */
export async function unsubscribe(db: Db, tenant: Tenant, token: string): Promise<UnsubscribeResult> {
  const claims = await claimsFor(db, tenant, token);
  await setPreference(db, { tenantId: tenant.id, userId: claims.userId, category: claims.category, channel: "email", enabled: false });
  return result(claims);
}
