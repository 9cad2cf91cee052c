// Writes the small demo assets committed under server/demo/assets/ (run once: `npx tsx scripts/make-demo-content.ts`).
// The PDF is written by hand (no library); the video needs ffmpeg on the machine that runs this script only:
// the seed itself just copies the committed files.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const out = path.join(process.cwd(), "server/demo/assets");

function pdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled below
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const lines of pages) {
    const text = lines
      .map((l, i) => `BT /F1 ${i === 0 ? 22 : 13} Tf 60 ${760 - i * 28} Td (${l.replace(/[()\\]/g, "\\$&")}) Tj ET`)
      .join("\n");
    const stream = add(`<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

writeFileSync(
  path.join(out, "temario-demo.pdf"),
  pdf([
    ["Temario del permiso", "Tema 1. La vía y sus usuarios", "Tema 2. El vehículo", "Tema 3. Señales de circulación", "Tema 4. Velocidad y distancias"],
    ["Tema 1. La vía y sus usuarios", "La calzada es la parte de la vía destinada a la circulación de vehículos.", "El arcén no está destinado al uso de vehículos automóviles, salvo excepciones."],
    ["Esquema: prioridad de paso", "1. Agentes de la circulación", "2. Semáforos", "3. Señales verticales", "4. Marcas viales"],
  ]),
);

execFileSync("ffmpeg", [
  "-y", "-loglevel", "error",
  "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=6",
  "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryslow", "-crf", "32", "-movflags", "+faststart",
  path.join(out, "videoclase-demo.mp4"),
]);
console.log("demo assets written to", out);
