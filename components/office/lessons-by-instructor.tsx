"use client";

import { Car } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { MoveLessonButton } from "@/components/reservations/move-lesson-button";
import { StatusBadge } from "@/components/reservations/status-badge";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { OfficeHome } from "@/lib/contract/office-home";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { countOf } from "@/lib/format/plural";
import { STUDENT_LINK } from "./student-link";
import { PhoneLink } from "./phone-link";

type Group = OfficeHome["lessonsByInstructor"][number];

/** Today's lessons of one instructor, in order: a card per instructor, with the instructor's phone. */
function InstructorDay({ group, now }: { group: Group; now: number }) {
  const formats = useDateFormat();
  const { instructor, lessons } = group;
  return (
    <li className="rounded-lg border bg-card" data-testid="office-instructor-day">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b px-4 py-3">
        <h3 className="font-semibold break-words">{instructor.name}</h3>
        <span className="flex items-center gap-3 text-sm text-muted-foreground">
          {countOf(lessons.length, "clase", "clases")}
          {instructor.phone ? <PhoneLink phone={instructor.phone} name={instructor.name} /> : null}
        </span>
      </div>
      <ol className="divide-y">
        {lessons.map((l) => (
          <li key={l.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-2 text-sm" data-testid="office-lesson">
            <span className="w-28 shrink-0 pt-0.5 font-medium tabular-nums touch:pt-3">{formats.timeRange(l.start, l.end)}</span>
            <span className="min-w-0 flex-1">
              <Link href={`/administrator/students/${l.student.id}`} className={STUDENT_LINK}>
                {l.student.name}
              </Link>
              <span className="block text-muted-foreground">Permiso {l.license}</span>
              {l.vehicle ? (
                <span className="flex items-center gap-1.5 text-muted-foreground">
                  <Car className="size-4 shrink-0" aria-hidden />
                  <span className="break-words">{l.vehicle}</span>
                </span>
              ) : null}
            </span>
            <span className="flex flex-wrap gap-1 pt-0.5 touch:pt-3">
              <StatusBadge status={l.status} isDone={isLessonDone(l, now)} />
              {l.hasCancellationRequest ? <Badge variant="warning">Cancelación solicitada</Badge> : null}
            </span>
            {/* The office moves a lesson still ahead to another time (issue 31 §5). */}
            {l.canMove ? <MoveLessonButton role="administrator" lesson={l} className="w-full sm:w-auto" /> : null}
          </li>
        ))}
      </ol>
    </li>
  );
}

export function LessonsByInstructor({ groups, now }: { groups: Group[]; now: number }) {
  return (
    <ul className="space-y-3">
      {groups.map((g) => (
        <InstructorDay key={g.instructor.id} group={g} now={now} />
      ))}
    </ul>
  );
}
