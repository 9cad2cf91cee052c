import type { Metadata, Viewport } from "next";
import { GeistSans } from "geist/font/sans";
import { Providers } from "@/components/shell/providers";
import { ThemeScript } from "@/components/shell/theme-script";
import { getTenantInfo } from "@/lib/bff/server-data";
import "./globals.css";

// Title, favicons and manifest come from the tenant of the host, at render time.
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await getTenantInfo();
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

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es" className={GeistSans.variable} suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
