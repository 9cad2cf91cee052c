import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildImportGraph, findCycles, importSpecifiers, resolveSpecifier } from "./import-graph";

// A tiny project on disk: the walker must see every kind of import, resolve `@/` and relative paths, and find circles.
let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  write("lib/a.ts", 'import { b } from "./b";\nexport const a = b;\n');
  write("lib/b.ts", 'import type { C } from "@/components/c";\nexport const b = 1;\nexport type B = C;\n');
  write("components/c.tsx", 'export { a } from "@/lib/a";\nexport type C = number;\n');
  write("components/d/index.ts", 'import React from "react";\nexport const lazy = () => import("../e");\n');
  write("components/e.tsx", 'import { lazy } from "./d";\n// import { x } from "./not-an-import";\nexport const e = lazy;\n');
  write("server/alone.ts", 'import "./alone";\nconst z = require("zod");\n');
  write("server/fine.ts", 'import { a } from "@/lib/a";\nimport { missing } from "./missing";\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("reads static, type-only, re-exported, dynamic and required imports, not comments", () => {
  expect(importSpecifiers('import type { T } from "./t";\nexport * from "./u";\nconst v = await import("./v");\nrequire("w");\n// import "./x";'))
    .toEqual(["./t", "./u", "./v", "w"]);
});

it("resolves relative and @/ paths to project files, and leaves packages and missing files out", () => {
  expect(resolveSpecifier(root, "components/e.tsx", "./d")).toBe("components/d/index.ts");
  expect(resolveSpecifier(root, "components/d/index.ts", "../e")).toBe("components/e.tsx");
  expect(resolveSpecifier(root, "lib/b.ts", "@/components/c")).toBe("components/c.tsx");
  expect(resolveSpecifier(root, "lib/b.ts", "react")).toBeNull();
  expect(resolveSpecifier(root, "server/fine.ts", "./missing")).toBeNull();
});

it("reports each circle once, as a path of files that ends where it starts", () => {
  const cycles = findCycles(buildImportGraph(root, ["components", "lib", "server"]));
  expect(cycles).toEqual([
    ["components/c.tsx", "lib/a.ts", "lib/b.ts", "components/c.tsx"],
    ["components/d/index.ts", "components/e.tsx", "components/d/index.ts"],
    ["server/alone.ts", "server/alone.ts"],
  ]);
});

it("finds nothing in a graph without circles", () => {
  expect(findCycles(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
});
