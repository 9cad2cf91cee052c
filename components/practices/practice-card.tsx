"use client";

import { CalendarDays, Car, Clock, Gauge, IdCard, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { Practice } from "@/lib/contract/practices";
import { formatTimeRange } from "@/lib/format/dates";
import { formatKm, practiceDay } from "./practice-format";

type Props = { practice: Practice; showStudent?: boolean; onOpen: (practice: Practice) => void };

// One finished practice (spec §2): weekday and date, time range, instructor, 'Permiso {licence}', plate and km.
export function PracticeCard({ practice, showStudent = false, onOpen }: Props) {
  const hasVehicle = practice.vehicle !== null || practice.kmTraveled !== null;
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
          {practiceDay(practice.start)}
        </p>
        {practice.type === "manual_practice" ? <Badge variant="secondary">Práctica manual</Badge> : null}
      </div>
      <p className="flex items-center gap-2 tabular-nums">
        <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {formatTimeRange(practice.start, practice.end)}
      </p>
      <p className="flex items-center gap-2">
        <User className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {showStudent ? practice.studentName : practice.instructorName}
      </p>
      <p className="flex items-center gap-2">
        <IdCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        Permiso {practice.license}
      </p>
      {hasVehicle ? (
        <p className="flex flex-wrap items-center gap-2">
          <Car className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {practice.vehicle?.plate ?? "—"}
          {practice.kmTraveled !== null ? (
            <span className="ml-2 inline-flex items-center gap-1 tabular-nums">
              <Gauge className="size-4 text-muted-foreground" aria-hidden />
              {formatKm(practice.kmTraveled)} km
            </span>
          ) : null}
        </p>
      ) : null}
    </button>
  );
}
