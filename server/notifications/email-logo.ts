import fs from "node:fs/promises";
import path from "node:path";
import { ExpiringCache } from "@/lib/expiring-cache";
import type { DbOrTx } from "../db/client";
import type { Tenant } from "../http/context";
import { findAsset } from "../modules/tenants/tenant-admin.repository";
import { ASSET_PATH } from "../modules/tenants/tenant-assets";
import type { EmailLogo } from "./email";

// The school's logo as an inline attachment (Content-ID), so that mail clients show it without loading remote images.
// A school's logo is either uploaded (`npm run tenant`, table tenant_assets, served at /api/tenant-assets/<name>) or
// one of the demo schools' committed files (public/tenants/<slug>/…).

export const LOGO_CID = "logo@volante";
const MAX_LOGO_BYTES = 512 * 1024;
const TTL_MS = 60_000;
// A burst of mails of one school reads its logo once a minute, not once per mail.
const cache = new ExpiringCache<string, Promise<EmailLogo | null>>(200);

const contentTypeOf = (name: string) => (name.endsWith(".svg") ? "image/svg+xml" : name.endsWith(".jpg") || name.endsWith(".jpeg") ? "image/jpeg" : "image/png");

async function publicFile(webPath: string): Promise<Buffer | null> {
  // turbopackIgnore: read at run time from the app's public/ folder (present in the standalone image too).
  const root = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", "tenants");
  const file = path.resolve(/*turbopackIgnore: true*/ root, `.${webPath.slice("/tenants".length)}`);
  if (!file.startsWith(root + path.sep)) return null;
  return fs.readFile(/*turbopackIgnore: true*/ file).catch(() => null);
}

async function readLogo(db: DbOrTx, tenant: Tenant, webPath: string): Promise<EmailLogo | null> {
  const name = path.posix.basename(webPath);
  let content: Buffer | null = null;
  let contentType = contentTypeOf(name);
  if (webPath.startsWith(`${ASSET_PATH}/`)) {
    const asset = await findAsset(db, tenant.id, name);
    if (asset) [content, contentType] = [asset.data, asset.contentType];
  } else if (webPath.startsWith("/tenants/")) {
    content = await publicFile(webPath);
  }
  if (!content || content.length > MAX_LOGO_BYTES) return null;
  return { filename: name, content, contentType, cid: LOGO_CID };
}

/** The header logo (else the login logo, else the app icon), or null when the school has none readable. */
export function schoolLogo(db: DbOrTx, tenant: Tenant): Promise<EmailLogo | null> {
  const webPath = tenant.headerLogo ?? tenant.loginLogo ?? tenant.icons.webAppIcon192;
  if (!webPath) return Promise.resolve(null);
  const key = `${tenant.id}:${webPath}`;
  let logo = cache.get(key);
  if (!logo) {
    logo = readLogo(db, tenant, webPath).catch(() => null);
    cache.set(key, logo, Date.now() + TTL_MS);
  }
  return logo;
}
