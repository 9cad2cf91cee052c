"use client";

import { useState } from "react";
import { Download } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ReportResultDialog } from "./report-result-dialog";
import { reportOutcome, useAttendanceReport, type ReportOutcome } from "./use-attendance-report";

export function AttendanceReportButton({ sessionId }: { sessionId: string }) {
  const report = useAttendanceReport(sessionId);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [fileName, setFileName] = useState("");

  function onDownload() {
    report.mutate(undefined, {
      onSuccess: (name) => {
        setFileName(name);
        setOutcome("success");
      },
      onError: (error) => setOutcome(reportOutcome(error)),
    });
  }

  return (
    <>
      <Button onClick={onDownload} disabled={report.isPending}>
        <Download aria-hidden />
        {report.isPending ? "Generando..." : "Descargar informe de asistencia"}
      </Button>
      <ReportResultDialog outcome={outcome} fileName={fileName} onClose={() => setOutcome(null)} />
    </>
  );
}
