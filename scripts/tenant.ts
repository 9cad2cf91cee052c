// Schools without code: `npm run tenant -- <command> [options]`. Writes to the database of DATABASE_URL (or the
// embedded PGlite folder); migrations apply first. See README "Tenants".
import fs from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "../server/db/client";
import {
  addSchoolAdministrator,
  addTenant,
  changeTenant,
  listSchools,
  setSectionAuthorization,
  setTenantActive,
  type TenantChanges,
} from "../server/modules/tenants/tenant-admin.service";

const USAGE = `usage: npm run tenant -- <command> [options]
  list
  add      --slug S --name N --host H [--host H2…] --icon FILE [--header-logo FILE] [--login-logo FILE]
           [--time-zone Europe/Madrid] [--balance-mode time|money] [--theme-color #0f766e] [--stripe]
  update   --slug S [any option of add] [--remove-stripe]
  disable  --slug S          (its hosts answer as unknown at once)
  enable   --slug S
  section  --slug S --name SECTION --authorization NUMBER   (CAP centre authorization number)
  admin    --slug S --username U --dni DNI --first-name F --surname S1 [--surname2 S2] [--email E]
           (an administrator of the school, with a set-password link valid 72 h: a new school's first user)
--stripe stores the school's Stripe keys, read from the environment (never from the command line, which shell
history keeps): STRIPE_SECRET_KEY (sk_…), STRIPE_PUBLISHABLE_KEY (pk_…), STRIPE_WEBHOOK_SECRET (whsec_…) and the
optional STRIPE_ACCOUNT (acct_…). They switch card top-up on; --remove-stripe deletes them (card top-up off).`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    slug: { type: "string" },
    name: { type: "string" },
    host: { type: "string", multiple: true },
    icon: { type: "string" },
    "header-logo": { type: "string" },
    "login-logo": { type: "string" },
    "time-zone": { type: "string" },
    "balance-mode": { type: "string" },
    "theme-color": { type: "string" },
    authorization: { type: "string" },
    username: { type: "string" },
    dni: { type: "string" },
    "first-name": { type: "string" },
    surname: { type: "string" },
    surname2: { type: "string" },
    email: { type: "string" },
    stripe: { type: "boolean" },
    "remove-stripe": { type: "boolean" },
  },
});

const read = (file?: string) => (file ? fs.readFileSync(file) : undefined);

// Keys are read from the environment and never printed: only which mode they are in.
function stripeKeys(): TenantChanges["stripeKeys"] {
  if (values.stripe && values["remove-stripe"]) throw new Error("--stripe and --remove-stripe exclude each other");
  if (values["remove-stripe"]) return null;
  if (!values.stripe) return undefined;
  const env = process.env;
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? "",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "",
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
    stripeAccount: env.STRIPE_ACCOUNT || null,
  };
}

function stripeNote(keys: TenantChanges["stripeKeys"]): string {
  if (keys === null) return "; Stripe keys removed: card top-up is off";
  if (!keys) return "";
  return `; Stripe keys stored (${keys.secretKey.startsWith("sk_test_") ? "test" : "live"} mode): card top-up is on`;
}

function changes(): TenantChanges {
  return {
    name: values.name,
    hosts: values.host,
    timeZone: values["time-zone"],
    balanceMode: values["balance-mode"] as TenantChanges["balanceMode"],
    themeColor: values["theme-color"],
    icon: read(values.icon),
    headerLogo: read(values["header-logo"]),
    loginLogo: read(values["login-logo"]),
    stripeKeys: stripeKeys(),
  };
}

// Local development hosts (localhost, *.localhost, an IP) are served over http on the port the app runs on.
function schoolUrl(host: string): string {
  return /(^|\.)localhost$|^\d+\.\d+\.\d+\.\d+$/.test(host) ? `http://${host}:${process.env.PORT ?? 3000}` : `https://${host}`;
}

function requireSlug(): string {
  if (!values.slug) throw new Error("--slug is required");
  return values.slug;
}

async function main() {
  const [command] = positionals;
  if (!command) throw new Error(USAGE);
  const handle = await openDatabase();
  try {
    switch (command) {
      case "list":
        for (const t of await listSchools(handle.db)) {
          const card = t.hasCardPayments ? "card top-up on" : "card top-up off";
          console.log(`${t.slug}\t${t.isActive ? "active" : "disabled"}\t${t.name}\t${t.domains.join(",")}\t${t.timeZone}\t${card}`);
        }
        break;
      case "add": {
        if (values["remove-stripe"]) throw new Error("--remove-stripe is for update");
        const input = changes();
        const t = await addTenant(handle.db, { ...input, slug: requireSlug() } as Parameters<typeof addTenant>[1]);
        console.log(`added ${t.slug} (${t.domains.join(", ")})${stripeNote(input.stripeKeys)}`);
        break;
      }
      case "update": {
        const input = changes();
        console.log(`updated ${(await changeTenant(handle.db, requireSlug(), input)).slug}${stripeNote(input.stripeKeys)}`);
        break;
      }
      case "disable":
      case "enable":
        console.log(`${command}d ${(await setTenantActive(handle.db, requireSlug(), command === "enable")).slug}`);
        break;
      case "section": {
        if (!values.name || !values.authorization) throw new Error("--name and --authorization are required");
        const section = await setSectionAuthorization(handle.db, requireSlug(), values.name, values.authorization);
        console.log(`section ${section?.name}: ${section?.authorizationNumber}`);
        break;
      }
      case "admin": {
        const { username, dni, "first-name": firstName, surname, surname2, email } = values;
        if (!username || !dni || !firstName || !surname) throw new Error("--username, --dni, --first-name and --surname are required");
        const { tenant, user, link } = await addSchoolAdministrator(handle.db, requireSlug(), { username, dni, firstName, surname1: surname, surname2, email });
        // The link is the user's credential until used: printed once, for the operator to send to the person.
        console.log(`added administrator ${user.username} (${user.name}) to ${tenant.slug}`);
        console.log(`set-password link, valid until ${link.expiresAt}: ${schoolUrl(tenant.domains[0]!)}${link.path}`);
        break;
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : error);
  process.exit(1);
});
