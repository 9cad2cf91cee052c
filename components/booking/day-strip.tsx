"use client";

import { Check, Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { formatLongDay, noonOfDate } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { freeLabel, type DayStatus } from "./day-picker";

const SHORT_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"];

/** A day of the strip; `status` null while its week is loading. */
export type StripDay = { date: string; status: DayStatus | null };

type Props = {
  days: StripDay[];
  today: string;
  chosen: string;
  onChoose: (date: string) => void;
  /** Loads one more week into the strip; absent at the school's horizon. */
  onMore?: () => void;
};

// The days from today, side by side: the chosen one stands out, the ones without a free slot are greyed and say so.
export function DayStrip({ days, today, chosen, onChoose, onMore }: Props) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-date="${chosen}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [chosen]);

  return (
    <div
      ref={list}
      className="flex snap-x gap-2 overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin]"
      role="group"
      aria-label="Días"
    >
      {days.map(({ date, status }) => {
        const day = noonOfDate(date);
        const isChosen = date === chosen;
        const isEmpty = status !== null && status.freeCount === 0;
        const hint = status === null ? "…" : freeLabel(status.freeCount);
        return (
          <button
            key={date}
            type="button"
            data-testid="day-chip"
            data-date={date}
            aria-pressed={isChosen}
            aria-label={`${formatLongDay(day)}: ${status === null ? "cargando" : hint}${status?.selectedCount ? `, ${status.selectedCount} seleccionado${status.selectedCount === 1 ? "" : "s"}` : ""}`}
            onClick={() => onChoose(date)}
            className={cn(
              "relative flex min-h-[4.75rem] w-[4.75rem] shrink-0 snap-start flex-col items-center justify-center rounded-xl border-2 px-1 py-1.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              isChosen
                ? "border-primary bg-primary text-primary-foreground"
                : isEmpty
                  ? "border-dashed border-muted-foreground/30 bg-muted/60 text-muted-foreground"
                  : "border-emerald-600/60 bg-card dark:border-emerald-400/60",
            )}
          >
            <span className="text-xs font-medium uppercase">{date === today ? "Hoy" : SHORT_DAYS[day.getDay()]}</span>
            <span className="text-xl leading-tight font-semibold tabular-nums">{day.getDate()}</span>
            <span className="text-[0.6875rem] leading-tight">{hint}</span>
            {status?.selectedCount ? (
              <Check className="absolute top-1 right-1 size-3.5" aria-hidden />
            ) : null}
          </button>
        );
      })}
      {onMore ? (
        <button
          type="button"
          onClick={onMore}
          className="flex min-h-[4.75rem] w-[4.75rem] shrink-0 flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-1 text-xs font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Plus className="size-5" aria-hidden />
          Más días
        </button>
      ) : null}
    </div>
  );
}
