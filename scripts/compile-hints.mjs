// V8's explicit compile hints for the scripts every page runs on its first load (issue 13, Total Blocking Time).
// Chromium compiles a script's functions lazily, on the main thread, the first time each is called. React DOM's and
// Next's router chunks are nearly all called while the page boots, so their compiles land in one long task. A
// first line `//# allFunctionsCalledOnLoad` (Chromium 136+, a plain comment elsewhere) makes V8 compile the whole
// file eagerly while it streams in, off the main thread.
// Which files: the root chunks of the build manifest, every route's entry chunks (its client reference manifest) and
// the components it loads with next/dynamic (its loadable manifest: FullCalendar, the PDF viewer), which run as soon
// as they are shown. Chunks fetched by a plain import() (a dialog's code, the face engine) keep lazy compilation: they
// load on a user's action and much of their code never runs. Idempotent; a chunk's source map, when the build made one, is shifted by the added line.
// Usage: node scripts/compile-hints.mjs [distDir]   (distDir defaults to NEXT_DIST_DIR or .next); `npm run build` runs it.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** The chunks (paths relative to distDir, 'static/chunks/…') whose code runs as soon as they load. */
function firstLoadChunks(distDir) {
  const chunks = new Set();
  const buildManifest = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  for (const file of buildManifest.rootMainFiles ?? []) chunks.add(file);
  const serverApp = path.join(distDir, "server", "app");
  for (const file of walk(serverApp)) {
    if (file.endsWith("react-loadable-manifest.json")) {
      for (const entry of Object.values(JSON.parse(fs.readFileSync(file, "utf8")))) for (const f of entry.files ?? []) chunks.add(f);
      continue;
    }
    if (!file.endsWith("_client-reference-manifest.js")) continue;
    const sandbox = { globalThis: {} };
    vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
    for (const manifest of Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const f of files) chunks.add(f);
    }
  }
  return [...chunks].filter((f) => f.endsWith(".js"));
}

function addCompileHints(distDir) {
  let added = 0;
  const chunks = firstLoadChunks(distDir);
  for (const relative of chunks) {
    const file = path.join(distDir, relative);
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, COMPILE_HINT + source);
    added++;
    // Source maps count lines: one more line at the top is one more ';' at the front of the mappings.
    const mapName = source.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
    const mapFile = mapName && !mapName.startsWith("data:") ? path.join(path.dirname(file), mapName) : null;
    if (mapFile && fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8"));
      if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
      for (const section of map.sections ?? []) section.offset.line += 1;
      fs.writeFileSync(mapFile, JSON.stringify(map));
    }
  }
  return { added, chunks: chunks.length };
}

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
const { added, chunks } = addCompileHints(distDir);
console.log(`compile hints: ${added} of ${chunks} chunks that run on load marked in ${distDir}`);
