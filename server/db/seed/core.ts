import { hashPassword } from "../../modules/auth/password";
import type { Db } from "../client";
import { tenants, users, type TenantIcons } from "../schema/core";

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

export async function seedCore(db: Db): Promise<CoreSeed> {
  const [demo] = await db
    .insert(tenants)
    .values({
      slug: "demo",
      name: "Autoescuela Demo",
      domains: ["localhost", "127.0.0.1", "demo.localhost"],
      isDefault: true,
      headerLogo: "/tenants/demo/header-logo.png",
      loginLogo: "/tenants/demo/login-logo.png",
      icons: iconsFor("demo"),
      themeColor: "#0f766e",
    })
    .returning();
  const [norte] = await db
    .insert(tenants)
    .values({
      slug: "norte",
      name: "Autoescuela Norte",
      domains: ["norte.localhost"],
      headerLogo: "/tenants/norte/header-logo.png",
      loginLogo: "/tenants/norte/login-logo.png",
      icons: iconsFor("norte"),
      themeColor: "#1d4ed8",
    })
    .returning();

  // A school that takes payments at its desk only: never given Stripe keys (server/db/seed/shop.ts), so its students
  // see card top-up switched off.
  const [sur] = await db
    .insert(tenants)
    .values({
      slug: "sur",
      name: "Autoescuela Sur",
      domains: ["sur.localhost"],
      headerLogo: "/tenants/sur/header-logo.png",
      loginLogo: "/tenants/sur/login-logo.png",
      icons: iconsFor("sur"),
      themeColor: "#b45309",
    })
    .returning();

  const demoUsers = await insertUsers(db, demo!.id, [
    { username: "alumno", password: "alumno123", dni: "12345678Z", firstName: "Lucía", surname1: "Martín", surname2: "García", roles: ["ROLE_ALUMNO"] },
    { username: "profesor", password: "profesor123", dni: "11111111H", firstName: "Carlos", surname1: "Ruiz", surname2: "Pérez", roles: ["ROLE_INSTRUCTOR"] },
    { username: "profesora", password: "profesora123", dni: "22222222J", firstName: "Marta", surname1: "Gómez", roles: ["ROLE_INSTRUCTOR"] },
    { username: "admin", password: "admin123", dni: "33333333P", firstName: "Ana", surname1: "Torres", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  const norteUsers = await insertUsers(db, norte!.id, [
    { username: "norte.alumno", password: "alumno123", dni: "44444444A", firstName: "Pablo", surname1: "Iglesias", surname2: "Sanz", roles: ["ROLE_ALUMNO"] },
    { username: "norte.profesor", password: "profesor123", dni: "55555555K", firstName: "Elena", surname1: "Vidal", roles: ["ROLE_INSTRUCTOR"] },
    { username: "norte.admin", password: "admin123", dni: "66666666Q", firstName: "Jorge", surname1: "Campos", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  const surUsers = await insertUsers(db, sur!.id, [
    { username: "sur.alumno", password: "alumno123", dni: "77777777B", firstName: "Irene", surname1: "Navarro", surname2: "Gil", roles: ["ROLE_ALUMNO"] },
    { username: "sur.profesor", password: "profesor123", dni: "88888888Y", firstName: "Raúl", surname1: "Molina", roles: ["ROLE_INSTRUCTOR"] },
    { username: "sur.admin", password: "admin123", dni: "99999999R", firstName: "Beatriz", surname1: "Ortega", roles: ["ROLE_ADMINISTRADOR"] },
  ]);
  return {
    demo: { tenantId: demo!.id, users: demoUsers },
    norte: { tenantId: norte!.id, users: norteUsers },
    sur: { tenantId: sur!.id, users: surUsers },
  };
}
