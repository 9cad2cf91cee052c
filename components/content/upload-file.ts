import { ApiError } from "@/lib/api-client";
import type { AdminContentItem, UploadQuery } from "@/lib/contract/content";

// The file goes as the raw request body (streamed by the browser, the BFF and the API), its fields in the query.
export async function uploadContentFile(query: UploadQuery, file: File) {
  const params = new URLSearchParams(query);
  const res = await fetch(`/api/administrator/content/upload?${params}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
    body: file,
    credentials: "same-origin",
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, body && typeof body === "object" ? body : {});
  return body as AdminContentItem;
}
