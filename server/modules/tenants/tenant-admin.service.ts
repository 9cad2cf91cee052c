import { z } from "zod";
import { createUserBodySchema } from "@/lib/contract/backoffice-users";
import type { Db } from "../../db/client";
import { createAdminUser } from "../backoffice/users-admin.service";
import type { ProviderKeys } from "../../payments/types";
import { upsertSettings } from "../config/config.repository";
import { forgetSettings } from "../config/settings-cache";
import { insertSection, listSections, updateSection } from "../cap/sections.repository";
import { deletePaymentKeys, listTenantIdsWithPaymentKeys, upsertPaymentKeys } from "../shop/payment-settings.repository";
import { forgetTenants } from "./tenant-cache";
import { insertTenant, listTenants, updateTenant, upsertAsset, type TenantRow } from "./tenant-admin.repository";
import { iconAssets, logoAsset, ASSET_PATH, type Asset } from "./tenant-assets";

const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, "host name not valid");
const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat("es-ES", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, "unknown IANA time zone");

// The messages name the variable, never its value: a key must not reach a terminal or a log.
const stripeKeysSchema = z.object({
  secretKey: z.string().startsWith("sk_", "STRIPE_SECRET_KEY must be set and start with sk_"),
  publishableKey: z.string().startsWith("pk_", "STRIPE_PUBLISHABLE_KEY must be set and start with pk_"),
  webhookSecret: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must be set and start with whsec_"),
  stripeAccount: z.string().startsWith("acct_", "STRIPE_ACCOUNT must start with acct_").nullable(),
}) satisfies z.ZodType<ProviderKeys>;

export const tenantChangesSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  hosts: z.array(hostSchema).min(1).optional(),
  timeZone: timeZoneSchema.optional(),
  balanceMode: z.enum(["time", "money"]).optional(),
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/i, "colour must be #rrggbb").optional(),
  icon: z.instanceof(Buffer).optional(), // square source image for every icon
  headerLogo: z.instanceof(Buffer).optional(),
  loginLogo: z.instanceof(Buffer).optional(),
  // The school's Stripe account (card top-up on); null removes it (card top-up off).
  stripeKeys: stripeKeysSchema.nullable().optional(),
});
export type TenantChanges = z.infer<typeof tenantChangesSchema>;

export const newTenantSchema = tenantChangesSchema.extend({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "slug: lower-case letters, digits and dashes"),
  name: z.string().trim().min(1).max(120),
  hosts: z.array(hostSchema).min(1),
  icon: z.instanceof(Buffer),
});
export type NewTenantInput = z.infer<typeof newTenantSchema>;

async function imageChanges(changes: TenantChanges) {
  const assets: Asset[] = [];
  const values: Partial<TenantRow> = {};
  if (changes.icon) {
    const icons = await iconAssets(changes.icon);
    assets.push(...icons.assets);
    values.icons = icons.icons;
  }
  for (const [key, file] of [["headerLogo", "header-logo.png"], ["loginLogo", "login-logo.png"]] as const) {
    const source = changes[key];
    if (!source) continue;
    assets.push(await logoAsset(file, source));
    values[key] = `${ASSET_PATH}/${file}`;
  }
  return { assets, values };
}

// Images are decoded before the transaction: a file that is not an image changes nothing.
async function apply(db: Db, tenant: TenantRow | null, input: TenantChanges & { slug?: string }): Promise<TenantRow> {
  const images = await imageChanges(input);
  const row = await db.transaction(async (tx) => {
    const values = {
      ...images.values,
      ...(input.name ? { name: input.name } : {}),
      ...(input.hosts ? { domains: [...new Set(input.hosts)] } : {}),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      ...(input.themeColor ? { themeColor: input.themeColor } : {}),
    };
    let row: TenantRow;
    if (!tenant) row = await insertTenant(tx, { slug: input.slug!, name: input.name!, icons: images.values.icons!, ...values });
    // An update may touch only the settings or the keys: then no column of the school's row changes.
    else row = Object.keys(values).length > 0 ? await updateTenant(tx, tenant.id, values) : tenant;
    for (const asset of images.assets) await upsertAsset(tx, row.id, asset.name, asset.contentType, asset.data);
    if (input.balanceMode) await upsertSettings(tx, row.id, { balance_mode: input.balanceMode });
    if (input.stripeKeys) await upsertPaymentKeys(tx, row.id, input.stripeKeys);
    else if (input.stripeKeys === null) await deletePaymentKeys(tx, row.id);
    return row;
  });
  forgetTenants();
  forgetSettings();
  return row;
}

function findBySlug(rows: TenantRow[], slug: string): TenantRow {
  const row = rows.find((t) => t.slug === slug);
  if (!row) throw new Error(`No school with slug '${slug}'`);
  return row;
}

async function assertHostsFree(db: Db, hosts: string[] | undefined, exceptId?: string) {
  if (!hosts) return;
  for (const t of await listTenants(db)) {
    const taken = t.id !== exceptId ? hosts.filter((h) => t.domains.includes(h)) : [];
    if (taken.length) throw new Error(`Host ${taken.join(", ")} already belongs to '${t.slug}'`);
  }
}

export async function addTenant(db: Db, input: NewTenantInput): Promise<TenantRow> {
  const parsed = newTenantSchema.parse(input);
  if ((await listTenants(db)).some((t) => t.slug === parsed.slug)) throw new Error(`Slug '${parsed.slug}' is taken`);
  await assertHostsFree(db, parsed.hosts);
  return apply(db, null, parsed);
}

export async function changeTenant(db: Db, slug: string, changes: TenantChanges): Promise<TenantRow> {
  const parsed = tenantChangesSchema.parse(changes);
  const tenant = findBySlug(await listTenants(db), slug);
  await assertHostsFree(db, parsed.hosts, tenant.id);
  return apply(db, tenant, parsed);
}

export async function setTenantActive(db: Db, slug: string, isActive: boolean): Promise<TenantRow> {
  const tenant = findBySlug(await listTenants(db), slug);
  const row = await updateTenant(db, tenant.id, { isActive });
  forgetTenants();
  forgetSettings();
  return row;
}

// The CAP centre authorization number of a section (created when it does not exist).
export async function setSectionAuthorization(db: Db, slug: string, sectionName: string, authorizationNumber: string) {
  const tenant = findBySlug(await listTenants(db), slug);
  const name = sectionName.trim();
  const number = z.string().trim().min(1).max(40).parse(authorizationNumber);
  const existing = (await listSections(db, tenant.id)).find((s) => s.name === name);
  return existing
    ? updateSection(db, tenant.id, existing.id, { name, authorizationNumber: number })
    : insertSection(db, tenant.id, { name, authorizationNumber: number });
}

export type SchoolAdministrator = {
  username: string;
  dni: string;
  firstName: string;
  surname1: string;
  surname2?: string;
  email?: string;
};

// A school's first administrator (or another one): made as the office makes a user, by the same service with its
// rules (DNI/NIE, unique username and DNI in the school) and audit entry, with a set-password link for the operator to
// send. Every other user of the school is made by its administrators in the back-office.
export async function addSchoolAdministrator(db: Db, slug: string, person: SchoolAdministrator, now = new Date()) {
  const tenant = findBySlug(await listTenants(db), slug);
  const body = createUserBodySchema.parse({
    ...person,
    surname2: person.surname2 ?? null,
    email: person.email ?? null,
    kind: "administrator",
    access: "link",
  });
  const { user, link } = await createAdminUser(db, tenant, null, body, now);
  return { tenant, user, link: link! };
}

export type SchoolListing = TenantRow & { hasCardPayments: boolean };

export async function listSchools(db: Db): Promise<SchoolListing[]> {
  const withKeys = await listTenantIdsWithPaymentKeys(db);
  return (await listTenants(db)).map((t) => ({ ...t, hasCardPayments: withKeys.has(t.id) }));
}

