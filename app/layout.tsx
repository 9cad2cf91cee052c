import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { ServiceWorker } from "@/components/shell/service-worker";
import { ThemeScript } from "@/components/shell/theme-script";
import { UnknownSchool } from "@/components/shell/unknown-school";
import { getTenantInfo, lookupTenant } from "@/lib/bff/server-data";
import "./globals.css";

// Title, favicons and manifest come from the tenant of the host, at render time.
export async function generateMetadata(): Promise<Metadata> {
  const lookup = await lookupTenant();
  if (lookup.kind === "unknown") return { title: "Autoescuela no encontrada", robots: { index: false } };
  const tenant = lookup.kind === "found" ? lookup.tenant : null;
  if (!tenant) return { title: "Volante" };
  return {
    title: tenant.name,
    applicationName: tenant.name,
    manifest: "/api/manifest",
    icons: {
      icon: [
        { url: tenant.icons.favicon96, sizes: "96x96", type: "image/png" },
        { url: tenant.icons.favicon32, sizes: "32x32", type: "image/png" },
        { url: tenant.icons.faviconIco, sizes: "any" },
      ],
      apple: [{ url: tenant.icons.appleTouchIcon, sizes: "180x180" }],
    },
    appleWebApp: { capable: true, title: tenant.name },
  };
}

export async function generateViewport(): Promise<Viewport> {
  const tenant = await getTenantInfo();
  return { themeColor: tenant?.themeColor ?? "#0f766e", width: "device-width", initialScale: 1 };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // A host that is no school of this server gets a plain page and no school's data, whatever the path.
  const lookup = await lookupTenant();
  return (
    <html lang="es" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {lookup.kind === "unknown" ? (
          <UnknownSchool host={lookup.host} />
        ) : (
          <>
            {children}
            <ServiceWorker />
          </>
        )}
      </body>
    </html>
  );
}
