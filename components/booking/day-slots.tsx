"use client";

import { Check } from "lucide-react";
import type { Slot } from "@/lib/contract/reservations";
import { formatTime } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import type { DisplayEvent, DisplayKind } from "./selection";

// What a taken time says, so that free, selected and taken differ by more than colour (WCAG 1.4.1).
const TAKEN_LABEL: Partial<Record<DisplayKind, string>> = {
  unavailable: "Ocupado",
  "reservation-pending": "Tu reserva pendiente",
  "reservation-confirmed": "Tu reserva confirmada",
  practice: "Práctica",
};

const TILE = "flex min-h-14 w-full flex-col items-start justify-center gap-0.5 rounded-lg px-3 py-2 text-left";

type Props = { items: DisplayEvent[]; onToggle: (slot: Slot) => void };

// One day's times as large tiles for a thumb: free and selected ones are buttons (aria-pressed), taken ones are not.
export function DaySlots({ items, onToggle }: Props) {
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label="Horarios del día">
      {items.map((item) => {
        const slot = { start: item.start, end: item.end };
        const key = `${item.kind}-${item.id}`;
        if (item.kind === "available" || item.kind === "selected") {
          const isSelected = item.kind === "selected";
          return (
            <li key={key}>
              <button
                type="button"
                data-testid="slot-tile"
                data-kind={item.kind}
                data-start={item.start}
                aria-pressed={isSelected}
                aria-label={`${formatTime(item.start)} a ${formatTime(item.end)}, ${isSelected ? "seleccionado" : "libre"}`}
                onClick={() => onToggle(slot)}
                className={cn(
                  TILE,
                  "border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isSelected
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-emerald-600 bg-emerald-50 text-emerald-950 active:bg-emerald-100 dark:border-emerald-400 dark:bg-emerald-950/50 dark:text-emerald-50",
                )}
              >
                <span className="flex items-center gap-1.5 text-lg font-semibold tabular-nums">
                  {isSelected ? <Check className="size-5" aria-hidden /> : null}
                  {formatTime(item.start)}
                </span>
                <span className="text-xs">{isSelected ? "Seleccionado" : `Libre · hasta ${formatTime(item.end)}`}</span>
              </button>
            </li>
          );
        }
        return (
          <li
            key={key}
            data-testid="slot-tile"
            data-kind={item.kind}
            className={cn(TILE, "border border-dashed border-muted-foreground bg-muted text-muted-foreground")}
          >
            <span className={cn("font-medium tabular-nums", item.kind === "unavailable" && "line-through decoration-2")}>
              {formatTime(item.start)}–{formatTime(item.end)}
            </span>
            <span className="text-xs">{TAKEN_LABEL[item.kind]}</span>
          </li>
        );
      })}
    </ul>
  );
}
