import { MAX_DOCUMENT_BYTES, MAX_VIDEO_BYTES, TOO_LARGE_MESSAGE } from "@/lib/contract/constants/content";
import { AppError } from "../../http/errors";

// What a file's first bytes must be, whatever its name or declared type says. Enough for an MP4 `ftyp` box with
// its compatible brands and for a WebM EBML header (both some tens of bytes in practice).
const HEAD_BYTES = 128;

// ISO base media brands of MP4 video (ISO/IEC 14496-12/-14, Apple M4V, DASH). Other ISO-BMFF files share the `ftyp`
// box: audio (M4A, M4B, M4P, F4A), still images (HEIF, AVIF, JPEG 2000) and QuickTime MOV; they are not MP4 video.
const MP4_VIDEO_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "M4VH", "M4VP", "mmp4"]);
const NOT_MP4_VIDEO_BRANDS = new Set([
  "M4A ", "M4B ", "M4P ", "F4A ", "F4B ", "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis",
  "jp2 ", "jpx ", "mjp2", "qt  ", "crx ",
]);

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

// The major brand decides; an unknown major brand passes only with a video brand among the compatible ones.
function isMp4Video(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head.subarray(4, 8)) !== "ftyp") return false;
  const boxEnd = Math.min(u32(head, 0), head.length);
  const major = ascii(head.subarray(8, 12));
  if (MP4_VIDEO_BRANDS.has(major)) return true;
  if (NOT_MP4_VIDEO_BRANDS.has(major)) return false;
  for (let at = 16; at + 4 <= boxEnd; at += 4) {
    if (MP4_VIDEO_BRANDS.has(ascii(head.subarray(at, at + 4)))) return true;
  }
  return false;
}

// An EBML variable-length integer: its length is given by the first byte's leading zeros (1–8 bytes).
function readVint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + b[at + i]!;
  return { value, length };
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = 0x4282;

// WebM is Matroska with the EBML header's DocType "webm" (a Matroska .mkv says "matroska", the default when absent).
function isWebm(head: Uint8Array): boolean {
  if (!EBML_MAGIC.every((byte, i) => head[i] === byte)) return false;
  const size = readVint(head, 4, false);
  if (!size) return false;
  const end = Math.min(4 + size.length + size.value, head.length);
  for (let at = 4 + size.length; at < end; ) {
    const id = readVint(head, at, true);
    const len = id && readVint(head, at + id.length, false);
    if (!id || !len) return false;
    const data = at + id.length + len.length;
    if (id.value === DOC_TYPE_ID) return data + len.value <= head.length && ascii(head.subarray(data, data + len.value)).replace(/\0+$/, "") === "webm";
    at = data + len.value;
  }
  return false;
}

export function detectKind(head: Uint8Array): { type: "document" | "video"; mime: string } | null {
  if (ascii(head.subarray(0, 5)) === "%PDF-") return { type: "document", mime: "application/pdf" };
  if (isMp4Video(head)) return { type: "video", mime: "video/mp4" };
  if (isWebm(head)) return { type: "video", mime: "video/webm" };
  return null;
}

const tooLarge = (type: "document" | "video") => new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE[type]);
const wrongKind = (type: "document" | "video") =>
  new AppError("VALIDATION_ERROR", type === "document" ? "El archivo no es un PDF válido" : "El archivo no es un vídeo MP4 o WebM válido", 422);

// A streaming inspector: keeps the first bytes, refuses as soon as the size or the signature is wrong.
export function uploadInspector(type: "document" | "video") {
  const limit = type === "document" ? MAX_DOCUMENT_BYTES : MAX_VIDEO_BYTES;
  let head = new Uint8Array(0);
  let kind: ReturnType<typeof detectKind> = null;
  const check = () => {
    kind = detectKind(head);
    if (!kind || kind.type !== type) throw wrongKind(type);
  };
  return {
    inspect(chunk: Uint8Array, total: number) {
      if (total > limit) throw tooLarge(type);
      if (head.length < HEAD_BYTES) {
        const next = new Uint8Array(Math.min(HEAD_BYTES, head.length + chunk.length));
        next.set(head);
        next.set(chunk.subarray(0, next.length - head.length), head.length);
        head = next;
        if (head.length >= HEAD_BYTES) check();
      }
    },
    finish(total: number) {
      if (total === 0) throw new AppError("VALIDATION_ERROR", "El archivo está vacío", 422);
      check();
    },
    kind: () => kind,
    limit,
  };
}
