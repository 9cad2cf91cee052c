import { readdirSync, statSync } from "node:fs";
import path from "node:path";

// The face benches' image folders: `<name>_<n>.jpg|png|webp` per person, nested folders for sets of people.

export const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Every image under `dir`, sorted, leaving out `noface/` folders (images without a face). */
export function faceImages(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? (e === "noface" ? [] : faceImages(full)) : IMAGE.test(e) ? [full] : [];
  });
}
