import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { copyFiles } from "./copy-files";
import { localStorage } from "./local-storage";
import { parseStorageUrl, s3Storage } from "./s3-storage";
import { startLocalS3, type LocalS3 } from "@/tests/fixtures/s3-server";

// The move of a school's files from the folder into a bucket: every file checked by size and hash, re-runnable.
jest.setTimeout(60_000);
let s3: LocalS3;
let root: string;
beforeAll(async () => {
  s3 = await startLocalS3("volante-copy");
  root = fs.mkdtempSync(path.join(os.tmpdir(), "volante-copy-"));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

it("copies each file, checks it, skips what is already there, and reports what is missing or different", async () => {
  const files = { "t1/a": randomBytes(1000), "t1/b": randomBytes(300_000), "t1/c": Buffer.alloc(0) };
  for (const [key, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(key)), { recursive: true });
    fs.writeFileSync(path.join(root, key), bytes);
  }
  const from = localStorage(root);
  const to = s3Storage(parseStorageUrl(s3.url)!);
  const first = await copyFiles(from, to, [...Object.keys(files), "t1/gone"]);
  expect(first.map((o) => [o.key, o.status, o.size])).toEqual([
    ["t1/a", "copied", 1000],
    ["t1/b", "copied", 300_000],
    ["t1/c", "copied", 0],
    ["t1/gone", "missing-source", 0],
  ]);
  expect((await s3.keys()).sort()).toEqual(["t1/a", "t1/b", "t1/c"]);

  // A second run leaves good copies alone and replaces a damaged one.
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "t1/b", Body: Buffer.from("damaged") }));
  const second = await copyFiles(from, to, Object.keys(files));
  expect(second.map((o) => o.status)).toEqual(["already-there", "copied", "already-there"]);
  const back: Buffer[] = [];
  for await (const chunk of to.read("t1/b")) back.push(chunk as Buffer);
  expect(Buffer.concat(back).equals(files["t1/b"])).toBe(true);
});
