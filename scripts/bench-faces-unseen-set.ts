import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

// The unseen calibration set of `npm run bench:faces:unseen` (issue 13): every face that the project's detector
// finds in the images shipped by two MIT-licensed npm packages already installed, labelled by eye below.
// Crops are built at run time and never committed. Licence: both packages are MIT (© Vladimir Mandic); the photos
// are the author's own demo pictures of himself and friends, shipped inside the packages. No image here is
// public domain, and they are biometric data of real people: use them only for this local benchmark.

export const SOURCES = {
  fa1: "@vladmandic/face-api/demo/sample1.jpg", // 1920 px wide group photos, faces 160-250 px
  fa2: "@vladmandic/face-api/demo/sample2.jpg",
  fa3: "@vladmandic/face-api/demo/sample3.jpg",
  fa4: "@vladmandic/face-api/demo/sample4.jpg",
  fa5: "@vladmandic/face-api/demo/sample5.jpg",
  fa6: "@vladmandic/face-api/demo/sample6.jpg",
  hs: "@vladmandic/human/assets/samples.jpg", // collage: thumbnails (faces < 40 px) + one group photo drawn over
  fm: "@vladmandic/human/assets/screenshot-facematch.jpg", // grid of ~110 face crops, 55-80 px, captions drawn on
  fd: "@vladmandic/human/assets/screenshot-facedetect.jpg", // 5 face crops, ~90 px
  fi: "@vladmandic/human/assets/screenshot-faceid.jpg", // one webcam frame, face ~80 px
} as const;
type Source = keyof typeof SOURCES;

/** Detector tiles per source (px of the original; 0 = the whole image): small faces need small tiles. */
const TILES: Record<Source, number[]> = { fa1: [0, 768], fa2: [0, 768], fa3: [0, 768], fa4: [0, 768], fa5: [0, 768], fa6: [0, 768], hs: [0, 320], fm: [320, 200], fd: [0, 320], fi: [0] };
/** Smaller detections are dropped: too few pixels for a descriptor, and nothing like a camera capture. */
export const MIN_FACE_PX = 40;

// Faces are named `<source>@<x>,<y>`: the centre of the detector box in the original image's pixels.
/** Detections left out, by reason (checked by eye on a contact sheet of every crop). */
const EXCLUDED: Record<string, string[]> = {
  "not a face (cloth, hair, a hand, magnified by tiling)": ["fa2@254,1106", "fa2@632,852", "fa2@1712,214", "fa4@1201,835"],
  "drawn over by the Human demo's face mesh and labels": ["hs@437,540"],
  "out of focus": ["fm@1020,456", "fm@1553,447", "fm@1012,568", "fm@276,452"],
  "the same photograph as a shared fixture (photo/vlado_2, photo/chloe_1, photo/chloe_2)": ["fm@1650,344", "fm@336,82", "fm@1332,905", "fm@372,902"],
};

/**
 * One person in several photographs, judged by eye (proposals from the descriptor, decided on the pictures).
 * `photo/<name>` are people of the shared fixtures: these photos are new captures of them. Any face not listed is
 * its own person: a same-person pair missed here is counted as an impostor pair, so FAR errs high, not low.
 */
const PEOPLE: Record<string, string[]> = {
  "photo/vlado": ["fm@268,338", "fm@166,452", "fm@52,450", "fm@481,340", "fm@584,342", "fm@697,339", "fm@376,336", "fm@908,342", "fm@1866,342", "fm@158,340", "fm@1338,342", "fm@1440,340", "fm@86,126", "fm@1013,340", "fm@1228,342", "fm@1119,342", "fm@1754,340", "fm@910,452", "fm@54,340", "fm@798,341", "fm@1544,344", "fd@83,419", "fi@83,216"],
  "photo/chloe": ["fm@59,792"],
  "photo/christina": ["fa4@320,344", "fm@811,454", "fm@590,788", "fd@240,416", "fm@1868,678", "fa1@946,562", "fm@1550,793"],
  "photo/tasia": ["fa4@759,208", "fm@376,683", "fm@1232,682", "fa6@1272,472", "fm@53,901"],
  w1: ["fa5@1515,545", "fm@1650,903", "fm@1762,788", "fm@1862,452", "fm@166,566", "fm@270,788"],
  w2: ["fa1@1564,339", "fm@162,792", "fa3@1189,382"],
  w3: ["fm@268,676", "fm@804,900", "fm@163,900"],
  w4: ["fm@1434,680", "fd@706,422"],
  w5: ["fm@1543,564", "fm@1329,453"],
  w6: ["fm@1440,902", "fm@909,902"],
  w7: ["fm@1331,678", "fm@1444,792"],
  w8: ["fm@802,788", "fm@1120,902"],
  m1: ["fm@691,567", "fm@592,564"],
  m2: ["fm@1331,788", "fm@1013,901"],
};

/**
 * Groups judged less surely (small, made-up or heavily made-up faces): the bench also reports FAR as if each
 * of their photos were a different person. Sure: vlado (the packages' author, in most of the grid), w2, m1, m2.
 */
export const PROBABLE_PEOPLE = ["photo/chloe", "photo/christina", "photo/tasia", "w1", "w3", "w4", "w5", "w6", "w7", "w8"];

/** One photograph reached twice (face-api's demo photos reappear in Human's screenshots): the largest crop is kept. */
const SAME_PHOTO: string[][] = [
  ["fm@694,796", "fd@400,420"], ["fa5@860,244", "fm@1116,568"], ["fa6@354,647", "fm@482,906"], ["fa3@692,486", "fm@1117,790"],
  ["fm@1226,564", "fd@545,419"], ["fa2@1549,291", "fm@59,677"], ["fa2@986,357", "fm@1010,672"], ["fa3@1189,382", "fm@1862,566"],
  ["fa4@1082,320", "fm@907,565"], ["fa5@474,1044", "fm@1758,902"], ["fa5@1200,351", "fm@1646,793"], ["fa4@1365,292", "fm@1653,566"],
  ["fa3@1584,449", "fm@808,677"], ["fa1@518,500", "fm@1550,900"], ["fa6@778,498", "fm@1866,788"], ["fa6@1596,434", "fm@1226,904"],
  ["fa5@670,556", "fm@594,676"], ["fa1@946,562", "fm@1550,793"], ["fa4@320,344", "fm@811,454"], ["fm@590,788", "fd@240,416"],
  ["fa4@759,208", "fm@376,683"], ["fa6@1272,472", "fm@53,901"], ["fa5@1515,545", "fm@1650,903"], ["fd@83,419", "fm@54,340", "fm@86,126", "fm@376,336"],
];

export type UnseenFace = { key: string; person: string; width: number; crop: Buffer; centre: [number, number] };
type Box = { x: number; y: number; w: number; h: number; score: number };

/** Every face of the unseen set, labelled; `notes` says what was left out and why. */
export async function buildUnseenSet(root: string): Promise<{ faces: UnseenFace[]; notes: string[] }> {
  const detected: (Box & { key: string; source: Source })[] = [];
  for (const source of Object.keys(SOURCES) as Source[]) {
    for (const box of await detectTiled(path.join(root, "node_modules", SOURCES[source]), TILES[source])) {
      detected.push({ ...box, source, key: `${source}@${Math.round(box.x + box.w / 2)},${Math.round(box.y + box.h / 2)}` });
    }
  }
  const find = (key: string) => {
    const [source, xy] = key.split("@");
    const [x, y] = xy.split(",").map(Number);
    return detected.find((d) => d.source === source && Math.hypot(d.x + d.w / 2 - x, d.y + d.h / 2 - y) < 0.25 * d.w);
  };
  const notes: string[] = [];
  const drop = new Set<Box>();
  for (const [reason, keys] of Object.entries(EXCLUDED)) for (const k of keys) { const d = find(k); if (d) drop.add(d); notes.push(`left out ${k}: ${reason}${d ? "" : " (not detected)"}`); }
  for (const group of SAME_PHOTO) {
    const found = group.map(find).filter((d) => d !== undefined).sort((p, q) => q.w - p.w);
    for (const d of found.slice(1)) drop.add(d);
  }
  const person = new Map<Box, string>();
  for (const [name, keys] of Object.entries(PEOPLE)) for (const k of keys) { const d = find(k); if (d) person.set(d, name); else notes.push(`${name}: ${k} not detected`); }

  const faces: UnseenFace[] = [];
  for (const d of detected) {
    if (drop.has(d)) continue;
    const bytes = readFileSync(path.join(root, "node_modules", SOURCES[d.source]));
    faces.push({ key: d.key, person: person.get(d) ?? `unseen/${d.key}`, width: Math.round(d.w), ...(await cropAround(bytes, d)) });
  }
  return { faces, notes };
}

/** BlazeFace sees a 256x256 letterbox of its input: small faces are found on overlapping tiles of the original. */
async function detectTiled(file: string, tiles: number[]): Promise<Box[]> {
  const { decodeImage } = await import("../server/biometrics/image");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const bytes = readFileSync(file);
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const found: Box[] = [];
  for (const size of tiles.map((t) => t || Math.max(width, height))) {
    const step = Math.round(size / 2);
    for (let y = 0; y < Math.max(1, height - size / 2); y += step) {
      for (let x = 0; x < Math.max(1, width - size / 2); x += step) {
        const w = Math.min(size, width - x), h = Math.min(size, height - y);
        if (w < 48 || h < 48) continue;
        const tile = await sharp(bytes).extract({ left: x, top: y, width: w, height: h }).resize(w < 256 ? 256 : undefined).png().toBuffer();
        const img = await decodeImage(tile);
        if (!img) continue;
        const k = w / img.width;
        for (const f of await detectFaces(img)) {
          // A face cut by a tile edge (not the image's) is found whole on an overlapping tile.
          const cut = (f.x < 1 && x > 0) || (f.y < 1 && y > 0) || (f.x + f.width > img.width - 1 && x + w < width) || (f.y + f.height > img.height - 1 && y + h < height);
          if (!cut) found.push({ x: x + f.x * k, y: y + f.y * k, w: f.width * k, h: f.height * k, score: f.score });
        }
      }
    }
  }
  // One face found on several tiles and scales: keep the best; overlap also counts a small box inside a big one.
  const kept: Box[] = [];
  for (const b of found.sort((p, q) => q.score - p.score)) if (kept.every((k) => overlap(k, b) < 0.3)) kept.push(b);
  return kept.filter((b) => b.w >= MIN_FACE_PX);
}

function overlap(p: Box, q: Box): number {
  const ix = Math.max(0, Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x));
  const iy = Math.max(0, Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y));
  const i = ix * iy;
  return Math.max(i / (p.w * p.h + q.w * q.h - i), i / Math.min(p.w * p.h, q.w * q.h));
}

/** The face with 0.6 x its size around it, enlarged (lanczos) to >= 300 px like a camera frame; centre in crop px. */
async function cropAround(bytes: Buffer, b: Box): Promise<{ crop: Buffer; centre: [number, number] }> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const pad = 0.6 * Math.max(b.w, b.h);
  const left = Math.max(0, Math.round(b.x - pad)), top = Math.max(0, Math.round(b.y - pad));
  const w = Math.min(width - left, Math.round(b.w + 2 * pad)), h = Math.min(height - top, Math.round(b.h + 2 * pad));
  const up = Math.max(1, 300 / Math.max(w, h));
  const crop = await sharp(bytes).extract({ left, top, width: w, height: h }).resize(Math.round(w * up), Math.round(h * up), { kernel: "lanczos3" }).jpeg({ quality: 95 }).toBuffer();
  return { crop, centre: [(b.x + b.w / 2 - left) * up, (b.y + b.h / 2 - top) * up] };
}
