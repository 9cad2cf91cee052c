"use client";

import { Info } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

export type LegendEntry = { color: string; label: string };

function LegendList({ entries, className }: { entries: readonly LegendEntry[]; className: string }) {
  return (
    <ul className={className} aria-label="Leyenda">
      {entries.map((l) => (
        <li key={l.label} className="flex items-center gap-1.5">
          <span className="size-3 shrink-0 rounded-sm border border-black/10" style={{ backgroundColor: l.color }} aria-hidden />
          {l.label}
        </li>
      ))}
    </ul>
  );
}

// The colours' key: a line of its own on a wide screen; on a phone, where it took a screen's worth of height above the
// calendar, folded into a 'Leyenda' button that opens it over the calendar. A plain disclosure, not a positioned
// popover: the calendar pages' first load carries no positioning library (tests/e2e/platform/js-budget.spec.ts).
export function CalendarLegend({ entries }: { entries: readonly LegendEntry[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <LegendList entries={entries} className="hidden flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground sm:flex" />
      <div
        className="relative sm:hidden"
        onKeyDown={(e) => e.key === "Escape" && setIsOpen(false)}
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setIsOpen(false)}
      >
        <Button variant="outline" className="h-11" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
          <Info aria-hidden />
          Leyenda
        </Button>
        {isOpen ? (
          <div id={panelId} className="absolute top-full left-0 z-20 mt-1 w-64 rounded-md border bg-popover p-4 text-popover-foreground shadow-md">
            <LegendList entries={entries} className="grid gap-2 text-sm" />
          </div>
        ) : null}
      </div>
    </>
  );
}
