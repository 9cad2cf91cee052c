"use client";

import { useMutation } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { defaultReportFileName, REPORT_ERRORS } from "@/lib/contract/constants/cap";
import { fileNameFromDisposition, saveBlob } from "./download";

export type ReportOutcome = "success" | "incomplete" | "authorization" | "error";

// Spec §8: AUTHORIZATION_CODE_NOT_CONFIGURED is an HTTP 400 whose message mentions the centre authorization code.
export function reportOutcome(error: unknown): Exclude<ReportOutcome, "success"> {
  if (!(error instanceof ApiError)) return "error";
  if (error.code === REPORT_ERRORS.noFulfilled) return "incomplete";
  const mentionsCode = /c[oó]digo de autorizaci[oó]n/i.test(error.serverMessage ?? "");
  if (error.code === REPORT_ERRORS.authorizationMissing || (error.status === 400 && mentionsCode)) return "authorization";
  return "error";
}

// The file is not JSON, so this reads the raw answer instead of going through apiRequest.
async function downloadReport(sessionId: string): Promise<string> {
  const response = await fetch(`/api/administrator/cap/cap-sessions/${sessionId}/attendance-report`, {
    credentials: "same-origin",
    headers: { Accept: "text/plain, application/json" },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body && typeof body === "object" ? body : {});
  }
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition"), defaultReportFileName(sessionId));
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useAttendanceReport(sessionId: string) {
  return useMutation({ mutationFn: () => downloadReport(sessionId) });
}
