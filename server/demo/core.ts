import { hashPassword } from "../modules/auth/password";
import type { Db } from "../db/client";
import { tenants, users, type TenantIcons } from "../db/schema/core";

function iconsFor(slug: string): TenantIcons {
  const base = `/tenants/${slug}`;
  return {
    favicon96: `${base}/favicon-96.png`,
    favicon32: `${base}/favicon-32.png`,
    faviconIco: `${base}/favicon.ico`,
    appleTouchIcon: `${base}/apple-touch-icon.png`,
    webAppIcon192: `${base}/icon-192.png`,
    webAppIcon512: `${base}/icon-512.png`,
  };
}

type SeedUser = {
  username: string;
  password: string;
  dni: string;
  firstName: string;
  surname1: string;
  surname2?: string;
  roles: string[];
};

export type CoreSeed = {
  demo: { tenantId: string; users: Record<string, string> };
  norte: { tenantId: string; users: Record<string, string> };
  sur: { tenantId: string; users: Record<string, string> };
};

async function insertUsers(db: Db, tenantId: string, list: SeedUser[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const u of list) {
    const [row] = await db
      .insert(users)
      .values({ ...u, tenantId, passwordHash: await hashPassword(u.password) })
      .returning({ id: users.id });
    ids[u.username] = row!.id;
  }
  return ids;
}

type SeedSchool = { slug: string; name: string; domains: string[]; themeColor: string; isDefault?: boolean };

// A demo school with its committed logos and icons (public/tenants/<slug>, scripts/make-tenant-assets.ts).
async function insertSchool(db: Db, school: SeedSchool): Promise<string> {
  const base = `/tenants/${school.slug}`;
  const [row] = await db
    .insert(tenants)
    .values({ ...school, headerLogo: `${base}/header-logo.png`, loginLogo: `${base}/login-logo.png`, icons: iconsFor(school.slug) })
    .returning({ id: tenants.id });
  return row!.id;
}

export async function seedCore(db: Db): Promise<CoreSeed> {
  const demo = await insertSchool(db, {
    slug: "demo",
    name: "Autoescuela Demo",
    domains: ["localhost", "127.0.0.1", "demo.localhost"],
    isDefault: true,
    themeColor: "#0f766e",
  });
  const norte = await insertSchool(db, { slug: "norte", name: "Autoescuela Norte", domains: ["norte.localhost"], themeColor: "#1d4ed8" });
  // A school that takes payments at its desk only: never given Stripe keys (server/demo/shop.ts), so its students
  // see card top-up switched off.
  const sur = await insertSchool(db, { slug: "sur", name: "Autoescuela Sur", domains: ["sur.localhost"], themeColor: "#b45309" });

  const demoUsers = await insertUsers(db, demo, [
    { username: "alumno", password: "alumno123", dni: "12345678Z", firstName: "Lucía", surname1: "Martín", surname2: "García", roles: ["ROLE_ALUMNO"] },
    { username: "profesor", password: "profesor123", dni: "11111111H", firstName: "Carlos", surname1: "Ruiz", surname2: "Pérez", roles: ["ROLE_INSTRUCTOR"] },
    { username: "profesora", password: "profesora123", dni: "22222222J", firstName: "Marta", surname1: "Gómez", roles: ["ROLE_INSTRUCTOR"] },
    { username: "admin", password: "admin123", dni: "33333333P", firstName: "Ana", surname1: "Torres", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  const norteUsers = await insertUsers(db, norte, [
    { username: "norte.alumno", password: "alumno123", dni: "44444444A", firstName: "Pablo", surname1: "Iglesias", surname2: "Sanz", roles: ["ROLE_ALUMNO"] },
    { username: "norte.profesor", password: "profesor123", dni: "55555555K", firstName: "Elena", surname1: "Vidal", roles: ["ROLE_INSTRUCTOR"] },
    { username: "norte.admin", password: "admin123", dni: "66666666Q", firstName: "Jorge", surname1: "Campos", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  const surUsers = await insertUsers(db, sur, [
    { username: "sur.alumno", password: "alumno123", dni: "77777777B", firstName: "Irene", surname1: "Navarro", surname2: "Gil", roles: ["ROLE_ALUMNO"] },
    { username: "sur.profesor", password: "profesor123", dni: "88888888Y", firstName: "Raúl", surname1: "Molina", roles: ["ROLE_INSTRUCTOR"] },
    { username: "sur.admin", password: "admin123", dni: "99999999R", firstName: "Beatriz", surname1: "Ortega", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  return {
    demo: { tenantId: demo, users: demoUsers },
    norte: { tenantId: norte, users: norteUsers },
    sur: { tenantId: sur, users: surUsers },
  };
}
