import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { FileStorage } from "./storage";

export type CopyOutcome = { key: string; size: number; sha256: string; status: "copied" | "already-there" | "missing-source" | "mismatch" };

async function digest(storage: FileStorage, key: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of storage.read(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Copies files from one storage to another (the local folder into a bucket, or back), then reads each copy back and
 * checks its size and SHA-256 against the source. A file already at the target with the same size and hash is left as
 * it is, so the command can be re-run after an interruption. Nothing is deleted from the source.
 */
export async function copyFiles(from: FileStorage, to: FileStorage, keys: string[], onFile?: (o: CopyOutcome) => void): Promise<CopyOutcome[]> {
  const outcomes: CopyOutcome[] = [];
  for (const key of keys) {
    const report = (o: CopyOutcome) => {
      outcomes.push(o);
      onFile?.(o);
    };
    const source = await from.stat(key);
    if (!source) {
      report({ key, size: 0, sha256: "", status: "missing-source" });
      continue;
    }
    const original = await digest(from, key);
    const existing = await to.stat(key);
    if (existing && existing.size === original.size && (await digest(to, key)).sha256 === original.sha256) {
      report({ key, ...original, status: "already-there" });
      continue;
    }
    const body = Readable.toWeb(from.read(key)) as ReadableStream<Uint8Array>;
    await to.put(key, body, () => undefined, () => undefined);
    const copy = await digest(to, key);
    report({ key, ...original, status: copy.size === original.size && copy.sha256 === original.sha256 ? "copied" : "mismatch" });
  }
  return outcomes;
}
