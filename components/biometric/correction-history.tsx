"use client";

import { useQuery } from "@tanstack/react-query";

import { ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import { recordLabel } from "@/lib/cap/attendance-records";
import { formatLocalDate, localDateOf, localTimeOf } from "@/lib/cap/zoned-time";
import type { AttendanceCorrection } from "@/lib/contract/cap";
import { recordQueries } from "./use-attendance-records";

const time = (value: string | null, timeZone: string) => (value ? localTimeOf(value, timeZone) : "--:--");

/** The append-only history of an attendance's corrections, oldest first: the first line keeps the original. */
export function CorrectionHistory({ attendanceId, timeZone }: { attendanceId: string; timeZone: string }) {
  const { data, isPending, error } = useQuery(recordQueries.corrections(attendanceId));
  if (isPending) return <ListSkeleton rows={1} className="h-10" />;
  if (error) return <p className="text-sm text-destructive">{errorText(error)}</p>;
  if (data.length === 0) return null;
  return (
    <section aria-labelledby="correction-history" className="grid gap-2 border-t pt-4">
      <h3 id="correction-history" className="text-sm font-medium">
        Historial de correcciones
      </h3>
      <ol className="grid gap-2 text-sm">
        {data.map((c) => (
          <CorrectionItem key={c.id} correction={c} timeZone={timeZone} />
        ))}
      </ol>
    </section>
  );
}

function CorrectionItem({ correction: c, timeZone }: { correction: AttendanceCorrection; timeZone: string }) {
  const was = c.previous ? `${time(c.previous, timeZone)} (${recordLabel(c.previousRecord) ?? "Verificación facial"})` : "sin registrar";
  return (
    <li className="rounded-md border p-3">
      <p className="font-medium tabular-nums">
        {c.type === "in" ? "Entrada" : "Salida"}: {was} → {time(c.corrected, timeZone)}
      </p>
      <p className="break-words text-muted-foreground">{c.reason}</p>
      <p className="text-xs text-muted-foreground">
        {c.correctedBy ?? "Administrador"} · {formatLocalDate(localDateOf(c.createdAt, timeZone))} {localTimeOf(c.createdAt, timeZone)}
      </p>
    </li>
  );
}
