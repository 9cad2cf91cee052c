import { Readable } from "node:stream";
import { notFound } from "../../http/errors";
import { getStorage } from "../../storage";
import type { ContentRow } from "./content.repository";
import { CONTENT_NOT_FOUND } from "./content.service";

// Parses a single "bytes=a-b" / "bytes=a-" / "bytes=-n" range; null means "the whole file".
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "invalid";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

// The file of an item, private to the signed-in user: never cached by shared caches, ranges for seeking.
export async function fileResponse(row: ContentRow, rangeHeader: string | undefined): Promise<Response> {
  if (!row.storageKey) throw notFound(CONTENT_NOT_FOUND);
  const storage = getStorage();
  const stat = await storage.stat(row.storageKey);
  if (!stat) throw notFound(CONTENT_NOT_FOUND);
  const headers = new Headers({
    "Content-Type": row.mimeType ?? "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-store",
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
  });
  const range = parseRange(rangeHeader, stat.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const part = range ?? { start: 0, end: stat.size - 1 };
  headers.set("Content-Length", String(part.end - part.start + 1));
  if (range) headers.set("Content-Range", `bytes ${part.start}-${part.end}/${stat.size}`);
  const body = Readable.toWeb(storage.read(row.storageKey, part)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: range ? 206 : 200, headers });
}
