import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { localStorage } from "./local-storage";

// The path guard: whatever key reaches the storage, no file outside its root is read, written or removed.
let root: string;
const body = (text: string) => new Response(text).body!;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "volante-storage-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it("stores, stats, reads a range of and removes a file under its root", async () => {
  const storage = localStorage(root);
  await storage.put("tenant-a/file-1", body("hola mundo"), () => undefined, () => undefined);
  expect(await storage.stat("tenant-a/file-1")).toEqual({ size: 10 });
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read("tenant-a/file-1", { start: 5, end: 9 })) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe("mundo");
  await storage.remove("tenant-a/file-1");
  expect(await storage.stat("tenant-a/file-1")).toBeNull();
});

it.each(["../outside", "tenant-a/../../outside", "/etc/passwd", "..", ""])("refuses the key %j before touching the disk", async (key) => {
  const outside = path.join(path.dirname(root), "outside");
  const storage = localStorage(root);
  await expect(storage.put(key, body("x"), () => undefined, () => undefined)).rejects.toThrow("invalid storage key");
  await expect(storage.stat(key)).rejects.toThrow("invalid storage key");
  expect(() => storage.read(key)).toThrow("invalid storage key");
  expect(fs.existsSync(outside)).toBe(false);
});

it("removes nothing outside its root", async () => {
  const neighbour = path.join(path.dirname(root), `${path.basename(root)}-neighbour`);
  fs.writeFileSync(neighbour, "keep");
  try {
    await expect(localStorage(root).remove(`../${path.basename(neighbour)}`)).rejects.toThrow("invalid storage key");
    expect(fs.readFileSync(neighbour, "utf8")).toBe("keep");
  } finally {
    fs.rmSync(neighbour, { force: true });
  }
});

it("leaves no partial file behind when the inspection refuses the first bytes", async () => {
  // Many at once: the refusal comes as the first chunk arrives, right after the temporary file was made.
  const storage = localStorage(root);
  const refuse = () => {
    throw new Error("not a PDF");
  };
  const attempts = Array.from({ length: 200 }, (_, i) => storage.put(`tenant-a/file-${i}`, body("MZ"), refuse, () => undefined));
  const results = await Promise.allSettled(attempts);
  expect(results.every((r) => r.status === "rejected")).toBe(true);
  expect(fs.readdirSync(path.join(root, "tenant-a"))).toEqual([]);
});
