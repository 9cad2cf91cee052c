import Link from "next/link";
import { CalendarDays, Clock, Users } from "lucide-react";

import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DEFAULT_TIMES_LABEL, hasDefaultTimes } from "@/lib/cap/sessions";
import { formatLocalDate, localDateOf, localTimeOf } from "@/lib/cap/zoned-time";
import type { CapSession } from "@/lib/contract/cap";
import { countOf } from "@/lib/format/plural";

export function sessionTimeLabel(session: CapSession, timeZone: string): string {
  const range = `${localTimeOf(session.start, timeZone)} - ${localTimeOf(session.end, timeZone)}`;
  return hasDefaultTimes(session, timeZone) ? `${DEFAULT_TIMES_LABEL} (${range})` : range;
}

export function SessionCard({ session, timeZone }: { session: CapSession; timeZone: string }) {
  const total = session.attendances.length;
  const entries = session.attendances.filter((a) => a.in).length;
  const exits = session.attendances.filter((a) => a.out).length;
  return (
    <Link
      href={`/biometric/courses/${session.capCourseId}/sessions/${session.id}`}
      className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-3 py-4 transition-colors hover:border-primary/60 hover:bg-accent/40">
        <CardHeader className="px-4">
          <CardTitle className="leading-snug">{session.name}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1.5 px-4 text-sm text-muted-foreground">
          <span className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {formatLocalDate(localDateOf(session.start, timeZone))}
          </span>
          <span className="flex items-center gap-2">
            <Clock className="size-4 shrink-0" aria-hidden />
            {sessionTimeLabel(session, timeZone)}
          </span>
          <span className="flex items-center gap-2">
            <Users className="size-4 shrink-0" aria-hidden />
            {countOf(total, "alumno", "alumnos")} · {countOf(entries, "entrada", "entradas")} · {countOf(exits, "salida", "salidas")}
          </span>
        </CardContent>
      </Card>
    </Link>
  );
}
