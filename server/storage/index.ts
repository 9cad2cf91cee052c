import path from "node:path";
import { localStorage } from "./local-storage";
import { readCache } from "./read-cache";
import { parseStorageUrl, s3Storage } from "./s3-storage";
import type { FileStorage } from "./storage";

export type { FileStorage } from "./storage";

const g = globalThis as unknown as { __volanteStorage?: FileStorage };

// The content folder: DATA_DIR/content (keys are <tenant>/<item>).
export function contentRoot(): string {
  // turbopackIgnore: the folder is runtime data; without it the build's file tracer copies sources into the image.
  return path.join(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"), "content");
}

/** The bucket named by STORAGE_URL (s3://…), else the local folder. Every replica of a school group must see the same. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const location = parseStorageUrl(env.STORAGE_URL);
  if (!location) return localStorage(contentRoot());
  // Read-through copies on this host's disk (server/storage/read-cache.ts); STORAGE_CACHE_MB=0 turns it off.
  const megabytes = Number(env.STORAGE_CACHE_MB ?? 2048);
  if (!Number.isFinite(megabytes) || megabytes <= 0) return s3Storage(location);
  const dir = env.STORAGE_CACHE_DIR ?? path.join(/*turbopackIgnore: true*/ path.dirname(contentRoot()), "storage-cache");
  return readCache(s3Storage(location), dir, megabytes * 1024 * 1024);
}

export function getStorage(): FileStorage {
  g.__volanteStorage ??= storageFromEnv();
  return g.__volanteStorage;
}
