import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

// The code's structure with imports as arrows: every TypeScript file under the given folders, and the project files
// its imports name (relative and `@/` paths; packages are left out). Type-only imports count: they are arrows of the
// drawn structure too, and a module that needs another's types to be written belongs on one side of it.

export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const CANDIDATE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx"];
const SKIPPED_DIRS = new Set(["node_modules"]);

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith(".") ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The import specifiers of a source text: static imports, `export … from`, `import()` and `require()`. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, /* detectJavaScriptImports: require() */ true).importedFiles.map((f) => f.fileName);
}

/** The project file (root-relative, posix) a specifier names, or null for a package or a file that does not exist. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  } else return null;
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = base + suffix;
    const full = path.join(root, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}

/** The graph of every source file under `dirs` (root-relative) and the project files they import, transitively. */
export function buildImportGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const pending = dirs.flatMap((dir) => sourceFiles(root, dir));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const targets = SOURCE.test(file) ? importSpecifiers(fs.readFileSync(path.join(root, file), "utf8")) : [];
    const edges = [...new Set(targets.map((s) => resolveSpecifier(root, file, s)).filter((t): t is string => t !== null))];
    graph.set(file, edges);
    pending.push(...edges.filter((t) => !graph.has(t)));
  }
  return graph;
}

/**
 * Every import circle, one per strongly connected group of files (Tarjan's algorithm), each given as one concrete
 * path through it that ends where it starts: ["a.ts", "b.ts", "a.ts"]. A file importing itself is a circle too.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const edgesOf = (node: string) => graph.get(node) ?? [];

  // Iterative depth-first search: the graph of a whole app is deep enough to exhaust a recursive one's stack.
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = edgesOf(frame.node);
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || edgesOf(frame.node).includes(frame.node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => cycleThrough(graph, new Set(group))).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

// The shortest way back to a group's first file (alphabetically) through the group: a readable example of the circle.
function cycleThrough(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const way: string[] = [];
        for (let at = node; at !== start; at = previous.get(at)!) way.unshift(at);
        return [start, ...way, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
