"use client";

import { addDays, addWeeks } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { AvailabilityOverride } from "@/lib/contract/availability";
import { formatDayOfMonth, formatFullDate, formatIsoDate, formatShortDay, noonOfDate, startOfSpanishWeek } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { windowsOn } from "./schedule-preview";
import type { DraftRule } from "./weekly-rules-editor";

type Props = { rules: DraftRule[]; overrides: AvailabilityOverride[]; today: string };

// A preview of one week with the draft rules (saved or not) and the date overrides applied.
export function WeekPreview({ rules, overrides, today }: Props) {
  const [weekStart, setWeekStart] = useState(() => startOfSpanishWeek(noonOfDate(today)));
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Vista previa de la semana</CardTitle>
          <CardDescription>
            Semana del {formatDayOfMonth(weekStart)} al {formatFullDate(addDays(weekStart, 6))}
          </CardDescription>
        </div>
        <div className="flex gap-1">
          <Button variant="outline" size="icon" aria-label="Semana anterior" onClick={() => setWeekStart((w) => addWeeks(w, -1))}>
            <ChevronLeft />
          </Button>
          <Button variant="outline" size="icon" aria-label="Semana siguiente" onClick={() => setWeekStart((w) => addWeeks(w, 1))}>
            <ChevronRight />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-7" data-testid="week-preview">
          {days.map((day) => {
            const iso = formatIsoDate(day);
            const windows = windowsOn(iso, rules, overrides);
            const hasOverride = overrides.some((o) => o.date === iso);
            return (
              <li key={iso} className={cn("rounded-lg border p-2", hasOverride && "border-amber-400")}>
                <p className="text-xs font-semibold capitalize">{formatShortDay(day)}</p>
                {windows.length === 0 ? (
                  <p className="mt-1 text-xs text-muted-foreground">Libre</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {windows.map((w) => (
                      <li key={w.start} className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900 tabular-nums dark:bg-emerald-950 dark:text-emerald-200">
                        {w.start} - {w.end}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
