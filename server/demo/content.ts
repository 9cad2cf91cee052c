import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentItems } from "../db/schema/content";
import { licenses } from "../db/schema/reservations";
import { getStorage } from "../storage";
import type { CoreSeed } from "./core";

// Small real files made once by scripts/make-demo-content.ts and committed: seeding needs Node.js only.
const ASSETS = path.join(process.cwd(), "server/demo/assets");
const DEMO_FILES = [
  { type: "document", name: "Temario y esquemas", file: "temario-demo.pdf", mime: "application/pdf" },
  { type: "video", name: "Videoclase: señales de circulación", file: "videoclase-demo.mp4", mime: "video/mp4" },
] as const;
const TEST_URL = "https://sedeapl.dgt.gob.es/WEB_EXAM_AUTO/examen/examen.jsp";

function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

export async function seedContent(db: Db, core: CoreSeed, _now: Date): Promise<void> {
  const storage = getStorage();
  const files = DEMO_FILES.map((f) => ({ ...f, bytes: readFileSync(path.join(ASSETS, f.file)) }));
  for (const tenantId of [core.demo.tenantId, core.norte.tenantId]) {
    const rows = await db.select().from(licenses).where(eq(licenses.tenantId, tenantId));
    for (const license of rows) {
      let position = 0;
      for (const f of files) {
        // As the upload does: the file first, then the row that points at it.
        const id = randomUUID();
        const storageKey = `${tenantId}/${id}`;
        await storage.put(storageKey, streamOf(f.bytes), () => {}, () => {});
        await db.insert(contentItems).values({
          id,
          tenantId,
          licenseId: license.id,
          type: f.type,
          name: f.name,
          storageKey,
          mimeType: f.mime,
          sizeBytes: f.bytes.length,
          position: position++,
        });
      }
      await db.insert(contentItems).values({
        tenantId,
        licenseId: license.id,
        type: "iframe",
        name: `Test online del permiso ${license.name}`,
        url: TEST_URL,
        position: position++,
      });
    }
  }
}
