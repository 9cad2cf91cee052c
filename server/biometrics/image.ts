import sharp from "sharp";

/** An 8-bit RGB image, row-major, 3 bytes per pixel. */
export type RgbImage = { data: Uint8Array; width: number; height: number };

// Camera captures are small; anything bigger than this is not a face photo we want to decode.
const MAX_INPUT_PIXELS = 40_000_000;
// Faces are found and described at this working size at most; larger captures are shrunk first.
const MAX_SIDE = 1280;

// Hot loops read Math through a module constant: inside jest's vm context every global lookup is slow.
const { floor, ceil, hypot, max, min } = Math;

const DATA_URL = /^data:image\/(jpeg|jpg|png|webp);base64,([A-Za-z0-9+/\s]*={0,2})$/i;

/** `data:image/jpeg;base64,...` (also png, webp) to bytes; null when malformed or empty. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  if (typeof dataUrl !== "string") return null;
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) return null;
  const base64 = match[2].replace(/\s+/g, "");
  if (base64.length === 0 || base64.length % 4 === 1) return null;
  const bytes = Buffer.from(base64, "base64");
  return bytes.length > 0 ? bytes : null;
}

/**
 * Decodes JPEG/PNG/WebP bytes into upright (EXIF-rotated) 8-bit RGB, shrunk so its longest side is at
 * most MAX_SIDE. Returns null for anything that is not a decodable image.
 */
export async function decodeImage(bytes: Buffer): Promise<RgbImage | null> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) return null;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    if (width < 16 || height < 16) return null;
    return { data: toRgb(data, width * height, channels), width, height };
  } catch {
    return null;
  }
}

function toRgb(data: Buffer, pixels: number, channels: number): Uint8Array {
  // Copied into a fresh Uint8Array: callers hand it to tfjs, which rejects Buffers from another realm (jest).
  const rgb = new Uint8Array(pixels * 3);
  if (channels === 3) {
    rgb.set(data.subarray(0, pixels * 3));
    return rgb;
  }
  for (let i = 0; i < pixels; i++) {
    const src = i * channels;
    const grey = channels < 3;
    rgb[i * 3] = data[src];
    rgb[i * 3 + 1] = grey ? data[src] : data[src + 1];
    rgb[i * 3 + 2] = grey ? data[src] : data[src + 2];
  }
  return rgb;
}

/**
 * Resamples `image` into a size x size square through a similarity transform: output pixel (u, v) is
 * read at image point (a*u - b*v + tx, b*u + a*v + ty), pixel centres at integer coordinates. Bilinear,
 * with k x k supersampling when the transform shrinks (k = ceil(scale)) so that large captures do not
 * alias. Points outside the image read as `fill`.
 */
export function warpSimilarity(
  image: RgbImage,
  size: number,
  t: { a: number; b: number; tx: number; ty: number },
  fill = 0,
): Uint8Array {
  const { data, width, height } = image;
  const out = new Uint8Array(size * size * 3);
  const k = max(1, min(6, ceil(hypot(t.a, t.b) - 0.05)));
  const inv = 1 / (k * k);
  const stride = width * 3;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < k; sy++) {
        const pv = v + (sy + 0.5) / k - 0.5;
        for (let sx = 0; sx < k; sx++) {
          const pu = u + (sx + 0.5) / k - 0.5;
          const x = t.a * pu - t.b * pv + t.tx;
          const y = t.b * pu + t.a * pv + t.ty;
          const x0 = floor(x);
          const y0 = floor(y);
          const fx = x - x0;
          const fy = y - y0;
          const w00 = (1 - fx) * (1 - fy);
          const w10 = fx * (1 - fy);
          const w01 = (1 - fx) * fy;
          const w11 = fx * fy;
          if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
            const i = y0 * stride + x0 * 3;
            const j = i + stride;
            r += data[i] * w00 + data[i + 3] * w10 + data[j] * w01 + data[j + 3] * w11;
            g += data[i + 1] * w00 + data[i + 4] * w10 + data[j + 1] * w01 + data[j + 4] * w11;
            b += data[i + 2] * w00 + data[i + 5] * w10 + data[j + 2] * w01 + data[j + 5] * w11;
          } else {
            r += edge(image, x0, y0, 0, fill) * w00 + edge(image, x0 + 1, y0, 0, fill) * w10;
            r += edge(image, x0, y0 + 1, 0, fill) * w01 + edge(image, x0 + 1, y0 + 1, 0, fill) * w11;
            g += edge(image, x0, y0, 1, fill) * w00 + edge(image, x0 + 1, y0, 1, fill) * w10;
            g += edge(image, x0, y0 + 1, 1, fill) * w01 + edge(image, x0 + 1, y0 + 1, 1, fill) * w11;
            b += edge(image, x0, y0, 2, fill) * w00 + edge(image, x0 + 1, y0, 2, fill) * w10;
            b += edge(image, x0, y0 + 1, 2, fill) * w01 + edge(image, x0 + 1, y0 + 1, 2, fill) * w11;
          }
        }
      }
      const o = (v * size + u) * 3;
      out[o] = r * inv + 0.5;
      out[o + 1] = g * inv + 0.5;
      out[o + 2] = b * inv + 0.5;
    }
  }
  return out;
}

function edge(image: RgbImage, x: number, y: number, c: number, fill: number): number {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return fill;
  return image.data[(y * image.width + x) * 3 + c];
}

/**
 * The stored reference image: re-encoded as an upright JPEG with no metadata at all (sharp drops EXIF, GPS, XMP
 * and ICC unless asked to keep them), so only the pixels of the face are kept. Null when not decodable.
 */
export async function reencodeWithoutMetadata(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    return null;
  }
}
