import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";

export { tf };

/**
 * Absolute folder of an installed package, found from the working directory's node_modules (the
 * repository root under tsx, jest and `next start`). Bundlers rewrite __dirname, so it is not used.
 */
export function packageDir(name: string): string {
  const roots = [process.cwd(), ...(process.env.VOLANTE_ROOT ? [process.env.VOLANTE_ROOT] : [])];
  for (const root of roots) {
    try {
      const require = createRequire(path.join(root, "package.json"));
      return path.dirname(require.resolve(`${name}/package.json`));
    } catch {
      const direct = path.join(root, "node_modules", name);
      if (existsSync(path.join(direct, "package.json"))) return direct;
    }
  }
  throw new Error(`face engine: package ${name} not found from ${roots.join(", ")}`);
}

/**
 * Selects the tfjs WebAssembly backend, loading its .wasm binaries from node_modules by explicit path
 * (no network, no fetch). In Node the backend runs single-threaded with SIMD.
 */
export async function initBackend(): Promise<void> {
  if (tf.getBackend() === "wasm") return;
  const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep;
  setWasmPaths({
    "tfjs-backend-wasm.wasm": wasmDir + "tfjs-backend-wasm.wasm",
    "tfjs-backend-wasm-simd.wasm": wasmDir + "tfjs-backend-wasm-simd.wasm",
    "tfjs-backend-wasm-threaded-simd.wasm": wasmDir + "tfjs-backend-wasm-threaded-simd.wasm",
  });
  tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
  if (!(await tf.setBackend("wasm"))) throw new Error("face engine: tfjs wasm backend failed to start");
  await tf.ready();
  tf.enableProdMode();
}

/** Loads a tfjs graph model (model.json + .bin shards) from disk, without fetch. */
export async function loadGraphModelFromDisk(jsonPath: string): Promise<tf.GraphModel> {
  const json = JSON.parse(await readFile(jsonPath, "utf8")) as tf.io.ModelJSON;
  const dir = path.dirname(jsonPath);
  const weightSpecs: tf.io.WeightsManifestEntry[] = [];
  const shards: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const shard of group.paths) shards.push(await readFile(path.join(dir, shard)));
  }
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
  const handler = tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs,
    weightData,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
  });
  return tf.loadGraphModel(handler);
}
