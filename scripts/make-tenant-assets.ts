// Generates each demo tenant's logos and icons (real PNG/ICO files under public/tenants/<slug>/).
// Run once with `npx tsx scripts/make-tenant-assets.ts`; the output is committed.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

type Brand = { slug: string; name: string; initials: string; color: string; accent: string };

const BRANDS: Brand[] = [
  { slug: "demo", name: "Autoescuela Demo", initials: "AD", color: "#0f766e", accent: "#f59e0b" },
  { slug: "norte", name: "Autoescuela Norte", initials: "AN", color: "#1d4ed8", accent: "#e11d48" },
  { slug: "sur", name: "Autoescuela Sur", initials: "AS", color: "#b45309", accent: "#0ea5e9" },
];

function iconSvg(b: Brand, size: number): string {
  const r = Math.round(size * 0.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${(r / size) * 100}" fill="${b.color}"/>
  <circle cx="50" cy="50" r="30" fill="none" stroke="#fff" stroke-width="7"/>
  <circle cx="50" cy="50" r="7" fill="${b.accent}"/>
  <path d="M22 54 L43 54 M57 54 L78 54 M50 57 L50 79" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
</svg>`;
}

function logoSvg(b: Brand, width: number, height: number, dark = false): string {
  const text = dark ? "#0f172a" : "#0f172a";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <g transform="translate(8,${(height - 64) / 2}) scale(0.64)">${iconSvg(b, 100).replace(/<\/?svg[^>]*>/g, "")}</g>
  <text x="84" y="${height / 2 + 10}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="${text}">${b.name}</text>
</svg>`;
}

// ICO container holding one PNG image (supported by every current browser).
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([header, png]);
}

// `npx tsx scripts/make-tenant-assets.ts [slug…]`: only the named schools (all without arguments).
async function main() {
  const only = process.argv.slice(2);
  for (const b of BRANDS.filter((brand) => only.length === 0 || only.includes(brand.slug))) {
    const dir = path.join(process.cwd(), "public", "tenants", b.slug);
    fs.mkdirSync(dir, { recursive: true });
    const png = (size: number) => sharp(Buffer.from(iconSvg(b, size))).resize(size, size).png().toBuffer();
    for (const [file, size] of [
      ["favicon-96.png", 96],
      ["favicon-32.png", 32],
      ["apple-touch-icon.png", 180],
      ["icon-192.png", 192],
      ["icon-512.png", 512],
    ] as const) {
      fs.writeFileSync(path.join(dir, file), await png(size));
    }
    fs.writeFileSync(path.join(dir, "favicon.ico"), pngToIco(await png(32), 32));
    await sharp(Buffer.from(logoSvg(b, 420, 80))).png().toFile(path.join(dir, "header-logo.png"));
    await sharp(Buffer.from(logoSvg(b, 420, 80))).png().toFile(path.join(dir, "login-logo.png"));
    console.log(`wrote ${dir}`);
  }
}

main();
