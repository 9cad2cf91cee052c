import { FileText, TriangleAlert } from "lucide-react";

import { reportSummary } from "@/lib/cap/attendance-records";
import type { Attendance } from "@/lib/contract/cap";
import { countOf } from "@/lib/format/plural";
import { cn } from "@/lib/utils";

/**
 * What the Ministry file of the session will hold, shown before it is downloaded: its lines, and how many carry a
 * time recorded by hand or corrected. The file's line has no field for it (docs/decisions/cap.md), so the office
 * sees it here.
 */
export function ReportSummary({ attendances }: { attendances: Attendance[] }) {
  const { lines, manualLines } = reportSummary(attendances);
  if (lines === 0) return null;
  const hasManual = manualLines > 0;
  return (
    <p
      role="status"
      aria-label="Resumen del informe de asistencia"
      className={cn(
        "mb-4 flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
        hasManual ? "border-warning bg-warning/15" : "text-muted-foreground",
      )}
    >
      {hasManual ? <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> : <FileText className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <span>
        Informe de asistencia: {countOf(lines, "línea", "líneas")}
        {hasManual
          ? `, ${countOf(manualLines, "manual", "manuales")} (con una hora registrada a mano o corregida). El archivo no lo indica: revísalas antes de subirlo.`
          : ", todas con verificación facial."}
      </span>
    </p>
  );
}
