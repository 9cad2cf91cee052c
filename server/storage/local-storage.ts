import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./storage";

// Files under <root>/<key>; keys are built by the server only (tenant/uuid), never from client input.
export function localStorage(root: string): FileStorage {
  const full = (key: string) => {
    const file = path.resolve(/*turbopackIgnore: true*/ root, key);
    if (!file.startsWith(path.resolve(/*turbopackIgnore: true*/ root) + path.sep)) throw new Error("invalid storage key");
    return file;
  };
  return {
    async put(key, body, inspect, finish) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      let total = 0;
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length;
          try {
            inspect(chunk, total);
            done(null, chunk);
          } catch (error) {
            done(error as Error);
          }
        },
      });
      // The temporary file is created before any byte flows: with a stream that opens it by itself, a refusal of the
      // first bytes could run the clean-up below before the file existed, and the file appeared after it (seen once
      // in CI: a refused upload left its .part behind).
      const file = await open(temp, "wx");
      try {
        await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), check, file.createWriteStream());
        finish(total);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: total };
    },
    async stat(key) {
      const s = await stat(full(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    read(key, range) {
      return createReadStream(full(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
  };
}
