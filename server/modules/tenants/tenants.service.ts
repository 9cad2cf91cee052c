import type { TenantInfo, WebManifest } from "@/lib/contract/tenant";
import type { Tenant } from "../../http/context";

export function tenantInfo(tenant: Tenant): TenantInfo {
  return {
    name: tenant.name,
    headerLogo: tenant.headerLogo,
    loginLogo: tenant.loginLogo,
    icons: tenant.icons,
    themeColor: tenant.themeColor,
    timeZone: tenant.timeZone,
  };
}

export function tenantManifest(tenant: Tenant): WebManifest {
  return {
    name: tenant.name,
    short_name: tenant.name.length > 12 ? tenant.name.replace(/^Autoescuela\s+/i, "") : tenant.name,
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "es",
    theme_color: tenant.themeColor,
    background_color: tenant.backgroundColor,
    icons: [
      { src: tenant.icons.webAppIcon192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: tenant.icons.webAppIcon512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: tenant.icons.webAppIcon512, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
