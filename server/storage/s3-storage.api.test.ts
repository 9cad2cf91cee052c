import { createHash, randomBytes } from "node:crypto";
import { parseStorageUrl, PART_SIZE, s3Client, s3Storage } from "./s3-storage";
import { startLocalS3, type LocalS3 } from "@/tests/fixtures/s3-server";
import type { FileStorage } from "./storage";

// The bucket storage against a real S3-protocol server (s3rver) started here: the same contract as the local folder.
jest.setTimeout(120_000);

let s3: LocalS3;
let storage: FileStorage;
// The S3 calls the storage made (command names), to see multipart uploads completed or aborted.
const calls: string[] = [];
const body = (bytes: Buffer | string) => new Response(typeof bytes === "string" ? bytes : new Uint8Array(bytes)).body!;
const none = () => undefined;
// A client's upload as it arrives: 1 MiB chunks, each after the previous one was taken.
function chunked(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 1024 * 1024)));
      offset += 1024 * 1024;
    },
  });
}
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3 = await startLocalS3("volante-test", "schools");
  const location = parseStorageUrl(s3.url)!;
  const client = s3Client(location);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName as string);
      return next(args);
    },
    { step: "initialize" },
  );
  storage = s3Storage(location, client);
});
afterAll(() => s3.stop());

it("reads STORAGE_URL: bucket, prefix, endpoint, region and path-style", () => {
  expect(parseStorageUrl("s3://my-bucket/a/b/?endpoint=http%3A%2F%2Fminio%3A9000&region=eu-south-2&forcePathStyle=true")).toEqual({
    bucket: "my-bucket",
    prefix: "a/b/",
    endpoint: "http://minio:9000",
    region: "eu-south-2",
    forcePathStyle: true,
  });
  expect(parseStorageUrl("s3://my-bucket?region=eu-west-1")).toMatchObject({ prefix: "", endpoint: undefined, forcePathStyle: false });
  expect(parseStorageUrl(undefined)).toBeNull();
  expect(() => parseStorageUrl("ftp://x")).toThrow(/scheme/);
  expect(() => parseStorageUrl("s3://A_B")).toThrow(/bucket/);
  expect(() => parseStorageUrl("s3://bucket?endpoint=file:///etc")).toThrow(/endpoint/);
});

it("stores under the prefix, stats, reads a range of and removes a file", async () => {
  await storage.put("tenant-a/file-1", body("hola mundo"), none, none);
  expect(await s3.keys()).toContain("schools/tenant-a/file-1");
  expect(await storage.stat("tenant-a/file-1")).toEqual({ size: 10 });
  expect((await readAll(storage.read("tenant-a/file-1", { start: 5, end: 9 }))).toString()).toBe("mundo");
  expect((await readAll(storage.read("tenant-a/file-1"))).toString()).toBe("hola mundo");
  await storage.remove("tenant-a/file-1");
  expect(await storage.stat("tenant-a/file-1")).toBeNull();
});

it("uploads a large video in parts and reads back the same bytes, whole and by ranges", async () => {
  const video = randomBytes(2 * PART_SIZE + 12_345);
  let seen = 0;
  const stored = await storage.put("tenant-a/video", body(video), (_chunk, total) => (seen = total), none);
  expect(stored.size).toBe(video.length);
  expect(seen).toBe(video.length);
  const back = await readAll(storage.read("tenant-a/video"));
  expect(createHash("sha256").update(back).digest("hex")).toBe(createHash("sha256").update(video).digest("hex"));
  const start = PART_SIZE - 10;
  expect((await readAll(storage.read("tenant-a/video", { start, end: start + 99 }))).equals(video.subarray(start, start + 100))).toBe(true);
  await storage.remove("tenant-a/video");
});

it("leaves nothing in the bucket when the inspection refuses the bytes, at the start or parts in", async () => {
  const before = await s3.keys();
  const refuseFirst = () => {
    throw new Error("not a PDF");
  };
  const attempts = Array.from({ length: 20 }, (_, i) => storage.put(`tenant-b/refused-${i}`, body("MZ"), refuseFirst, none));
  expect((await Promise.allSettled(attempts)).every((r) => r.status === "rejected")).toBe(true);
  // Refused past the first part: the multipart upload already had a part stored, and is aborted.
  const big = randomBytes(PART_SIZE + PART_SIZE / 2);
  calls.length = 0;
  const tooLarge = (_chunk: Uint8Array, total: number) => {
    if (total > PART_SIZE + 2 * 1024 * 1024) throw new Error("too large");
  };
  await expect(storage.put("tenant-b/too-large", chunked(big), tooLarge, none)).rejects.toThrow("too large");
  // Refused by the final check (a truncated file): never visible.
  await expect(
    storage.put("tenant-b/truncated", chunked(big), none, () => {
      throw new Error("truncated");
    }),
  ).rejects.toThrow("truncated");
  expect(await s3.keys()).toEqual(before);
  // Both big ones had started a multipart upload (a part was sent); both were aborted, neither completed.
  expect(calls.filter((c) => c === "CreateMultipartUploadCommand")).toHaveLength(2);
  expect(calls.filter((c) => c === "AbortMultipartUploadCommand")).toHaveLength(2);
  expect(calls).not.toContain("CompleteMultipartUploadCommand");
});

it.each(["../outside", "tenant-a/../../outside", "/etc/passwd", "..", "", "a//b"])("refuses the key %j", async (key) => {
  await expect(storage.put(key, body("x"), none, none)).rejects.toThrow("invalid storage key");
  await expect(storage.stat(key)).rejects.toThrow("invalid storage key");
  expect(() => storage.read(key)).toThrow("invalid storage key");
  await expect(storage.remove(key)).rejects.toThrow("invalid storage key");
});

it("a read of a missing file fails its stream (the caller answers 404 from stat first)", async () => {
  await expect(readAll(storage.read("tenant-a/missing"))).rejects.toBeTruthy();
});

describe("the read-through copy on this host's disk", () => {
  it("answers the first read from the bucket, later ones from its copy, and forgets a removed file", async () => {
    const { readCache } = await import("./read-cache");
    const os = await import("node:os");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "volante-cache-"));
    const cached = readCache(storage, dir, 64 * 1024 * 1024);
    const video = randomBytes(3 * 1024 * 1024);
    await cached.put("tenant-c/video", body(video), none, none);
    calls.length = 0;
    expect((await readAll(cached.read("tenant-c/video", { start: 10, end: 19 }))).equals(video.subarray(10, 20))).toBe(true);
    await cached.settle();
    expect(cached.cachedBytes()).toBe(video.length);
    const afterFirst = calls.filter((c) => c === "GetObjectCommand").length;
    expect(afterFirst).toBe(2); // the range, then the whole file once
    expect((await readAll(cached.read("tenant-c/video", { start: 1_000_000, end: 1_000_099 }))).equals(video.subarray(1_000_000, 1_000_100))).toBe(true);
    expect((await readAll(cached.read("tenant-c/video"))).equals(video)).toBe(true);
    expect(calls.filter((c) => c === "GetObjectCommand")).toHaveLength(afterFirst);
    await cached.remove("tenant-c/video");
    expect(cached.cachedBytes()).toBe(0);
    expect(await cached.stat("tenant-c/video")).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps within its size, least recently used out first", async () => {
    const { readCache } = await import("./read-cache");
    const os = await import("node:os");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "volante-cache-"));
    const cached = readCache(storage, dir, 4 * 1024 * 1024); // files up to 1 MiB are copied
    for (const name of ["a", "b", "c", "d", "e"]) {
      await cached.put(`tenant-d/${name}`, body(randomBytes(1024 * 1024)), none, none);
      await readAll(cached.read(`tenant-d/${name}`, { start: 0, end: 0 }));
      await cached.settle();
    }
    expect(cached.cachedBytes()).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(fs.readdirSync(dir)).toHaveLength(4);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
