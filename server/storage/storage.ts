import type { Readable } from "node:stream";

// One interface for stored files (content library). Local folder by default; an S3-compatible bucket
// implements the same four calls (see docs/decisions/content.md).
export type StoredFile = { size: number };

export type FileStorage = {
  // Streams `body` to `key`; calls `inspect` with each chunk so the caller can refuse the upload mid-stream
  // (bad magic bytes, too large). On any error nothing is left stored.
  // `finish` runs once the stream ended, before the file becomes visible.
  put(
    key: string,
    body: ReadableStream<Uint8Array>,
    inspect: (chunk: Uint8Array, total: number) => void,
    finish: (total: number) => void,
  ): Promise<StoredFile>;
  stat(key: string): Promise<StoredFile | null>;
  // Inclusive byte range, as HTTP Range counts.
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
};
