import { z } from "zod";

export const tenantIconsSchema = z.object({
  favicon96: z.string(),
  favicon32: z.string(),
  faviconIco: z.string(),
  appleTouchIcon: z.string(),
  webAppIcon192: z.string(),
  webAppIcon512: z.string(),
});

export const tenantInfoSchema = z.object({
  name: z.string(),
  headerLogo: z.string().nullable(),
  loginLogo: z.string().nullable(),
  icons: tenantIconsSchema,
  themeColor: z.string(),
  timeZone: z.string(),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

export const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal("standalone"),
  lang: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
});
export type WebManifest = z.infer<typeof webManifestSchema>;
