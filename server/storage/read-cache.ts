import { createHash, randomUUID } from "node:crypto";
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./storage";

type Entry = { file: string; size: number; lastUsed: number };

/**
 * A read-through cache of a remote storage's files on this host's disk. Content files never change under their key
 * (a new upload is a new key; a deleted item is refused by the database before the storage is asked), so a copy is
 * either the file or absent: no invalidation beyond `remove` on this host. The first read of a file is answered from
 * the bucket by a ranged GET while the whole file is fetched once in the background (one fetch per key at a time);
 * later reads are served from the disk like the local folder. Bounded by `maxBytes`, least recently used first out.
 */
export function readCache(inner: FileStorage, dir: string, maxBytes: number): FileStorage & { cachedBytes: () => number; settle: () => Promise<void> } {
  mkdirSync(dir, { recursive: true });
  const entries = new Map<string, Entry>();
  const fetching = new Map<string, Promise<void>>();
  const removedWhileFetching = new Set<string>();
  let total = 0;
  const fileFor = (key: string) => path.join(dir, createHash("sha256").update(key).digest("hex"));
  // Copies left by an earlier run are kept, oldest first out; their keys are unknown, so they are evicted by file name.
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith(".part")) {
      rmSync(file, { force: true });
      continue;
    }
    const s = statSync(file);
    entries.set(`file:${name}`, { file, size: s.size, lastUsed: s.mtimeMs });
    total += s.size;
  }

  const evict = async (need: number) => {
    const byAge = [...entries.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key, entry] of byAge) {
      if (total + need <= maxBytes) break;
      entries.delete(key);
      total -= entry.size;
      await rm(entry.file, { force: true });
    }
  };

  const fetchWhole = (key: string, size: number) => {
    if (fetching.has(key) || size > maxBytes / 4) return;
    const job = (async () => {
      await evict(size);
      const file = fileFor(key);
      const temp = `${file}.${randomUUID()}.part`;
      const handle = await open(temp, "wx");
      try {
        await pipeline(inner.read(key), handle.createWriteStream());
        if (statSync(temp).size !== size) throw new Error("short copy");
        if (removedWhileFetching.delete(key)) throw new Error("removed meanwhile");
        await rename(temp, file);
        entries.set(key, { file, size, lastUsed: Date.now() });
        total += size;
      } catch {
        await rm(temp, { force: true });
      }
    })().finally(() => fetching.delete(key));
    fetching.set(key, job);
  };

  return {
    put: (key, body, inspect, finish) => inner.put(key, body, inspect, finish),
    async stat(key) {
      const entry = entries.get(key);
      return entry ? { size: entry.size } : inner.stat(key);
    },
    read(key, range) {
      const entry = entries.get(key);
      if (entry) {
        entry.lastUsed = Date.now();
        return createReadStream(entry.file, range ? { start: range.start, end: range.end } : undefined);
      }
      const stream = inner.read(key, range);
      // The answer does not wait for the copy; a missing file fails its stream and leaves nothing cached.
      inner
        .stat(key)
        .then((s) => s && fetchWhole(key, s.size))
        .catch(() => undefined);
      return stream;
    },
    async remove(key) {
      if (fetching.has(key)) removedWhileFetching.add(key);
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        total -= entry.size;
        await rm(entry.file, { force: true });
      }
      await inner.remove(key);
    },
    cachedBytes: () => total,
    settle: async () => {
      await Promise.all([...fetching.values()]);
    },
  };
}
