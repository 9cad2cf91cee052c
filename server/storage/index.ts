import path from "node:path";
import { localStorage } from "./local-storage";
import type { FileStorage } from "./storage";

export type { FileStorage } from "./storage";

const g = globalThis as unknown as { __volanteStorage?: FileStorage };

// The content folder: DATA_DIR/content (keys are <tenant>/<item>).
function contentRoot(): string {
  // turbopackIgnore: the folder is runtime data; without it the build's file tracer copies sources into the image.
  return path.join(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"), "content");
}

export function getStorage(): FileStorage {
  g.__volanteStorage ??= localStorage(contentRoot());
  return g.__volanteStorage;
}
