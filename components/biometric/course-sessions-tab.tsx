"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, Plus } from "lucide-react";

import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/api-client";
import { groupSessions, isDateInCourse, timesForToday } from "@/lib/cap/sessions";
import { localDateOf } from "@/lib/cap/zoned-time";
import type { CapCourse, CapSession } from "@/lib/contract/cap";
import { CreateSessionDialog, type SessionDraft } from "./create-session-dialog";
import { biometricQueries } from "./queries";
import { SessionCard } from "./session-card";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { useNow } from "./use-now";
import { useTimeZone } from "@/components/shell/use-time-zone";

type Props = { course: CapCourse; enrolledCount: number };

export function CourseSessionsTab({ course, enrolledCount }: Props) {
  const sessions = useQuery(biometricQueries.sessions(course.id));
  const now = useNow();
  const timeZone = useTimeZone();
  const [draft, setDraft] = useState<SessionDraft | null>(null);
  const canCreate = enrolledCount > 0;

  if (sessions.error) return <ErrorState message={`Error al cargar las sesiones: ${errorText(sessions.error)}`} />;

  const today = localDateOf(now, timeZone);
  const groups = groupSessions(sessions.data ?? [], now, timeZone);
  const openForToday = () => setDraft({ date: today, times: timesForToday(sessions.data ?? [], timeZone) });

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button onClick={() => setDraft({ date: "", times: null })} disabled={!canCreate} className="w-full sm:w-fit">
          <Plus aria-hidden />
          Crear nueva sesión
        </Button>
        {!canCreate ? (
          <p className="text-sm text-muted-foreground">Inscribe alumnos en el curso para poder crear sesiones.</p>
        ) : null}
      </div>
      {sessions.isPending ? (
        <ListSkeleton rows={2} />
      ) : (
        <>
          <SessionGroup title="Sesión de hoy" sessions={groups.today} timeZone={timeZone}>
            {isDateInCourse(today, course) ? (
              <EmptyState message="No hay ninguna sesión para hoy.">
                <Button variant="outline" onClick={openForToday} disabled={!canCreate}>
                  <CalendarPlus aria-hidden />
                  Crear sesión para hoy
                </Button>
              </EmptyState>
            ) : (
              <EmptyState message="La fecha de hoy está fuera del periodo del curso" />
            )}
          </SessionGroup>
          <SessionGroup title="Próximas sesiones" sessions={groups.upcoming} timeZone={timeZone}>
            <p className="text-sm text-muted-foreground">No hay próximas sesiones.</p>
          </SessionGroup>
          <SessionGroup title="Sesiones anteriores" sessions={groups.past} timeZone={timeZone}>
            <p className="text-sm text-muted-foreground">No hay sesiones anteriores.</p>
          </SessionGroup>
        </>
      )}
      <CreateSessionDialog course={course} draft={draft} onOpenChange={(open) => !open && setDraft(null)} />
    </div>
  );
}

type GroupProps = { title: string; sessions: CapSession[]; timeZone: string; children: React.ReactNode };

// `children` is what the group shows when it has no session.
function SessionGroup({ title, sessions, timeZone, children }: GroupProps) {
  const headingId = `group-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {sessions.length === 0 ? (
        children
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
