// Plain values of the content contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;

// The same words in the API's 413 and in the form's check before sending.
export const TOO_LARGE_MESSAGE = {
  document: "El documento supera el tamaño máximo de 50 MB",
  video: "El vídeo supera el tamaño máximo de 500 MB",
} as const;

/** The Spanish error for a file over its type's limit, or null. */
export function oversizeMessage(type: "document" | "video", sizeBytes: number): string | null {
  return sizeBytes > (type === "document" ? MAX_DOCUMENT_BYTES : MAX_VIDEO_BYTES) ? TOO_LARGE_MESSAGE[type] : null;
}
