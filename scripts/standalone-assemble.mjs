// Completes Next's standalone output into a runnable folder, exactly as the Dockerfile's image holds it:
// static assets, public/, and the files the face engine opens by path (models), which tracing cannot see.
// Usage: node scripts/standalone-assemble.mjs [distDir]   (distDir defaults to NEXT_DIST_DIR or .next)
import fs from "node:fs";
import path from "node:path";

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
const out = path.join(distDir, "standalone");
if (!fs.existsSync(path.join(out, "server.js"))) {
  console.error(`${out}/server.js is missing: build with NEXT_OUTPUT=standalone first`);
  process.exit(1);
}

const copies = [
  [path.join(distDir, "static"), path.join(out, distDir, "static")],
  ["public", path.join(out, "public")],
  ["server/db/migrations", path.join(out, "server/db/migrations")],
  // The container's entry point: server.js in WEB_CONCURRENCY processes (server/cluster.cjs).
  ["server/cluster.cjs", path.join(out, "cluster.cjs")],
  ["server/graceful.cjs", path.join(out, "graceful.cjs")],
  ["server/worker-process.cjs", path.join(out, "worker-process.cjs")],
  ["node_modules/@vladmandic/face-api/model", path.join(out, "node_modules/@vladmandic/face-api/model")],
  ["node_modules/@vladmandic/face-api/package.json", path.join(out, "node_modules/@vladmandic/face-api/package.json")],
  ["node_modules/@vladmandic/human/package.json", path.join(out, "node_modules/@vladmandic/human/package.json")],
  ["node_modules/@vladmandic/human/models/blazeface.json", path.join(out, "node_modules/@vladmandic/human/models/blazeface.json")],
  ["node_modules/@vladmandic/human/models/blazeface.bin", path.join(out, "node_modules/@vladmandic/human/models/blazeface.bin")],
  // The eye-state model of the liveness challenge (server/biometrics/eye-state.ts).
  ["node_modules/@vladmandic/human/models/iris.json", path.join(out, "node_modules/@vladmandic/human/models/iris.json")],
  ["node_modules/@vladmandic/human/models/iris.bin", path.join(out, "node_modules/@vladmandic/human/models/iris.bin")],
];
// Local data never belongs in an image: Turbopack's trace of proxy.ts (whose session check runs the API in process)
// follows the API's key paths into .data and ignores outputFileTracingExcludes, so the folder is dropped here.
fs.rmSync(path.join(out, ".data"), { recursive: true, force: true });
for (const [from, to] of copies) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
}
console.log(`standalone server ready in ${out} (node ${path.join(out, "server.js")})`);
