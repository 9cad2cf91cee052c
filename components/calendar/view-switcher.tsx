"use client";

import { cn } from "@/lib/utils";

// The calendars' views (issue "Phone first"): the agenda, then FullCalendar's month, week and day (spec §2 names).
export const CALENDAR_VIEWS = [
  { view: "agenda", label: "Agenda" },
  { view: "dayGridMonth", label: "Mes" },
  { view: "timeGridWeek", label: "Semana" },
  { view: "timeGridDay", label: "Día" },
] as const;

export type CalendarView = (typeof CALENDAR_VIEWS)[number]["view"];
export type GridView = Exclude<CalendarView, "agenda">;

type Props = { value: CalendarView; onChange: (view: CalendarView) => void; panelId: string };

// One switcher for every view, above the calendar in the same place whatever is shown (the grid's own toolbar keeps
// its arrows, 'Hoy' and title). Tabs as FullCalendar drew its views, with arrow keys between them.
export function ViewSwitcher({ value, onChange, panelId }: Props) {
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const index = CALENDAR_VIEWS.findIndex((v) => v.view === value);
    const next = CALENDAR_VIEWS[(index + step + CALENDAR_VIEWS.length) % CALENDAR_VIEWS.length]!;
    onChange(next.view);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-view="${next.view}"]`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Vista del calendario" className="inline-flex shrink-0 rounded-lg bg-muted p-0.5" onKeyDown={onKeyDown}>
      {CALENDAR_VIEWS.map(({ view, label }) => {
        const isSelected = view === value;
        return (
          <button
            key={view}
            type="button"
            role="tab"
            data-view={view}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(view)}
            className={cn(
              "h-11 min-w-11 rounded-md px-2.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-8",
              isSelected && "bg-background text-foreground shadow-sm dark:bg-input/30",
            )}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
