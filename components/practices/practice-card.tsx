"use client";

import { CalendarDays, Car, Clock, Gauge, IdCard, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import type { InstructorPractice, Practice } from "@/lib/contract/practices";
import { formatKm, practiceDate, practiceTimeRange } from "./practice-format";

type Props<P extends Practice | InstructorPractice> = { practice: P; onOpen: (practice: P) => void };

// One finished practice (spec §2): weekday and date, time range, instructor, 'Permiso {licence}', plate and km. In the
// instructor's list (a practice with its student) the student takes the instructor's place.
export function PracticeCard<P extends Practice | InstructorPractice>({ practice, onOpen }: Props<P>) {
  const hasVehicle = practice.vehicle !== null || practice.kmTotal !== null;
  return (
    <button
      type="button"
      data-testid="practice-card"
      data-practice-id={practice.id}
      onClick={() => onOpen(practice)}
      className="flex w-full flex-col gap-3 rounded-xl border bg-card p-5 text-left text-sm shadow-sm transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <div className="flex w-full items-start justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {practiceDate(practice.date)}
        </p>
        {practice.type === "manual_practice" ? <Badge variant="secondary">Práctica manual</Badge> : null}
      </div>
      <p className="flex items-center gap-2 tabular-nums">
        <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {practiceTimeRange(practice)}
      </p>
      <p className="flex items-center gap-2">
        <User className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {"student" in practice ? practice.student.name : practice.instructor.name}
      </p>
      <p className="flex items-center gap-2">
        <IdCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        Permiso {practice.license.name}
      </p>
      {hasVehicle ? (
        <p className="flex flex-wrap items-center gap-2">
          <Car className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {practice.vehicle?.plate ?? "—"}
          {practice.kmTotal !== null ? (
            <span className="ml-2 inline-flex items-center gap-1 tabular-nums">
              <Gauge className="size-4 text-muted-foreground" aria-hidden />
              {formatKm(practice.kmTotal)} km
            </span>
          ) : null}
        </p>
      ) : null}
    </button>
  );
}

/** Placeholders the size of practice cards, in the grid the cards will take. */
export function PracticeCardsSkeleton({ count, className }: { count: number; className: string }) {
  return (
    <div className={className} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-44 w-full rounded-xl" />
      ))}
    </div>
  );
}
