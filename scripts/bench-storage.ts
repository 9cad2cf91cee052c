// `npm run bench:storage`: ranged reads of a 50 MB video from an S3-compatible bucket (s3rver, in its own process) and
// from the local folder, same machine, same run. Prints p50/p95 per read and the bucket/folder ratio (target ≤ 1.5×).
import { spawn } from "node:child_process";
import http from "node:http";
import { pipeline } from "node:stream/promises";
import { parseRange } from "../server/modules/content/file-response";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { localStorage } from "../server/storage/local-storage";
import { readCache } from "../server/storage/read-cache";
import { parseStorageUrl, s3Client, s3Storage } from "../server/storage/s3-storage";
import type { FileStorage } from "../server/storage/storage";

const SIZE = 50 * 1024 * 1024;
const RANGE = 1024 * 1024; // a player's seek: 1 MiB from a random offset
const READS = Number(process.env.BENCH_READS ?? 200);

async function s3rverProcess(directory: string): Promise<{ port: number; stop: () => void }> {
  const code = `const S3rver=require("s3rver");new S3rver({port:0,address:"127.0.0.1",silent:true,directory:${JSON.stringify(directory)}}).run().then(i=>console.log(i.port))`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
  return { port, stop: () => child.kill() };
}

// What a video player meets: our server answering its Range request from the storage, over HTTP with keep-alive.
async function servedBy(storage: FileStorage, key: string): Promise<{ port: number; close: () => void }> {
  const server = http.createServer(async (req, res) => {
    const size = (await storage.stat(key))!.size;
    const range = parseRange(req.headers.range, size);
    if (!range || range === "invalid") {
      res.writeHead(416).end();
      return;
    }
    res.writeHead(206, { "Content-Length": range.end - range.start + 1, "Content-Range": `bytes ${range.start}-${range.end}/${size}` });
    pipeline(storage.read(key, range), res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

function rangeRequest(port: number, start: number, agent: http.Agent): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", agent, headers: { range: `bytes=${start}-${start + RANGE - 1}` } }, (res) => {
        let got = 0;
        res.on("data", (c: Buffer) => (got += c.length));
        res.on("end", () => resolve(got));
      })
      .on("error", reject);
  });
}

// The same offsets against each server, interleaved read by read, so the machine's load falls on all of them alike.
async function measureServed(ports: number[], offsets: number[], agent: http.Agent) {
  const times = ports.map(() => [] as number[]);
  for (const start of offsets) {
    for (const [i, port] of ports.entries()) {
      const t = performance.now();
      const n = await rangeRequest(port, start, agent);
      times[i].push(performance.now() - t);
      if (n !== RANGE) throw new Error(`short answer ${n}`);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  });
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let n = 0;
  for await (const chunk of stream) n += (chunk as Buffer).length;
  return n;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(storage: FileStorage, key: string, offsets: number[]) {
  const times: number[] = [];
  for (const start of offsets) {
    const t = performance.now();
    const n = await drain(storage.read(key, { start, end: start + RANGE - 1 }));
    times.push(performance.now() - t);
    if (n !== RANGE) throw new Error(`short read ${n}`);
  }
  const t = performance.now();
  await drain(storage.read(key));
  const whole = performance.now() - t;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), whole };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "volante-bench-storage-"));
  const s3dir = path.join(work, "s3");
  fs.mkdirSync(s3dir);
  const server = await s3rverProcess(s3dir);
  process.env.AWS_ACCESS_KEY_ID ??= "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY ??= "S3RVER";
  try {
    const location = parseStorageUrl(`s3://volante-bench?endpoint=${encodeURIComponent(`http://127.0.0.1:${server.port}`)}&region=us-east-1`)!;
    const client = s3Client(location);
    await client.send(new CreateBucketCommand({ Bucket: location.bucket }));
    const bucket = s3Storage(location, client);
    const folder = localStorage(path.join(work, "content"));
    const video = randomBytes(SIZE);
    const body = () => new Response(new Uint8Array(video)).body!;
    const none = () => undefined;
    let t = performance.now();
    await folder.put("school/video", body(), none, none);
    const folderPut = performance.now() - t;
    t = performance.now();
    await bucket.put("school/video", body(), none, none);
    const bucketPut = performance.now() - t;
    const offsets = Array.from({ length: READS }, () => Math.floor(Math.random() * (SIZE - RANGE)));
    // Warm both once, then alternate rounds so the machine's load falls on both alike.
    await measure(folder, "school/video", offsets.slice(0, 5));
    await measure(bucket, "school/video", offsets.slice(0, 5));
    const f = await measure(folder, "school/video", offsets);
    const b = await measure(bucket, "school/video", offsets);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const servedFolder = await servedBy(folder, "school/video");
    const servedBucket = await servedBy(bucket, "school/video");
    // The app's default with a bucket: this host's read-through copy (server/storage/read-cache.ts). Its first read
    // goes to the bucket and fetches the file once; the figures are the reads after that.
    const cached = readCache(bucket, path.join(work, "cache"), 1024 * 1024 * 1024);
    const servedCached = await servedBy(cached, "school/video");
    const firstStarted = performance.now();
    await measureServed([servedCached.port], offsets.slice(0, 1), agent);
    const firstRead = performance.now() - firstStarted;
    await cached.settle();
    const copied = performance.now() - firstStarted;
    const ports = [servedFolder.port, servedCached.port, servedBucket.port];
    await measureServed(ports, offsets.slice(0, 5), agent);
    const [sf, sc, sb] = await measureServed(ports, offsets, agent);
    for (const s of [servedFolder, servedBucket, servedCached]) s.close();
    agent.destroy();
    const row = (name: string, r: { p50: number; p95: number; whole: number }, put: number) =>
      `${name.padEnd(8)} 1 MiB range p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  whole 50 MB ${r.whole.toFixed(0)} ms  upload ${put.toFixed(0)} ms`;
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, ${os.cpus().length} cores, ${READS} reads each`);
    console.log(row("folder", f, folderPut));
    console.log(row("bucket", b, bucketPut));
    console.log(`served over HTTP (what a player meets): folder p50 ${sf.p50.toFixed(1)} ms p95 ${sf.p95.toFixed(1)} ms; bucket p50 ${sb.p50.toFixed(1)} ms p95 ${sb.p95.toFixed(1)} ms`);
    console.log(`served from the bucket through this host's copy: first read ${firstRead.toFixed(1)} ms (whole file copied after ${copied.toFixed(0)} ms), then p50 ${sc.p50.toFixed(1)} ms p95 ${sc.p95.toFixed(1)} ms`);
    console.log(`ratio bucket-with-copy/folder, served: p50 ${(sc.p50 / sf.p50).toFixed(2)}×  p95 ${(sc.p95 / sf.p95).toFixed(2)}× (target ≤ 1.5×)`);
    console.log(`ratio bucket/folder, served, no copy (STORAGE_CACHE_MB=0): p50 ${(sb.p50 / sf.p50).toFixed(2)}×  p95 ${(sb.p95 / sf.p95).toFixed(2)}× (target ≤ 1.5×)`);
    console.log(`ratio bucket/folder, storage alone: range p50 ${(b.p50 / f.p50).toFixed(2)}×  p95 ${(b.p95 / f.p95).toFixed(2)}×  whole ${(b.whole / f.whole).toFixed(2)}× (target ≤ 1.5×)`);
    client.destroy();
  } finally {
    server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
