import sharp from "sharp";
import type { TenantIcons } from "../../db/schema/core";

export const ASSET_PATH = "/api/tenant-assets";

// Every icon the spec's tenant info names, from one square source image.
const ICON_SIZES: Record<keyof TenantIcons, { file: string; size: number }> = {
  favicon96: { file: "favicon-96.png", size: 96 },
  favicon32: { file: "favicon-32.png", size: 32 },
  faviconIco: { file: "favicon.ico", size: 32 },
  appleTouchIcon: { file: "apple-touch-icon.png", size: 180 },
  webAppIcon192: { file: "icon-192.png", size: 192 },
  webAppIcon512: { file: "icon-512.png", size: 512 },
};

export type Asset = { name: string; contentType: string; data: Buffer };

// ICO container holding one PNG image (supported by every current browser).
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

// Re-encoding also strips metadata and refuses files that are not images (sharp throws).
export async function iconAssets(source: Buffer): Promise<{ assets: Asset[]; icons: TenantIcons }> {
  const assets: Asset[] = [];
  const icons = {} as TenantIcons;
  for (const [key, { file, size }] of Object.entries(ICON_SIZES) as [keyof TenantIcons, { file: string; size: number }][]) {
    const png = await sharp(source).resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const isIco = file.endsWith(".ico");
    assets.push({ name: file, contentType: isIco ? "image/x-icon" : "image/png", data: isIco ? pngToIco(png, size) : png });
    icons[key] = `${ASSET_PATH}/${file}`;
  }
  return { assets, icons };
}

export async function logoAsset(name: "header-logo.png" | "login-logo.png", source: Buffer): Promise<Asset> {
  const data = await sharp(source).resize({ height: 160, withoutEnlargement: true }).png().toBuffer();
  return { name, contentType: "image/png", data };
}
