import { MAX_DOCUMENT_BYTES, MAX_VIDEO_BYTES } from "@/lib/contract/content";
import { AppError } from "../../http/errors";

// What a file's first bytes must be, whatever its name or declared type says.
const HEAD_BYTES = 16;

function detectKind(head: Uint8Array): { type: "document" | "video"; mime: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 5) === "%PDF-") return { type: "document", mime: "application/pdf" };
  if (head.length >= 12 && ascii(4, 8) === "ftyp") return { type: "video", mime: "video/mp4" };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return { type: "video", mime: "video/webm" };
  }
  return null;
}

const tooLarge = (type: "document" | "video") =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    type === "document" ? "El documento supera el tamaño máximo de 50 MB" : "El vídeo supera el tamaño máximo de 500 MB",
  );
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
