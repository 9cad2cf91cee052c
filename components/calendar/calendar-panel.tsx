"use client";

import { useId } from "react";
import { Spinner } from "@/components/ui/spinner";
import { CALENDAR_VIEWS, ViewSwitcher, type CalendarView } from "./view-switcher";

type Props = {
  testId: string;
  view: CalendarView | null;
  onViewChange: (view: CalendarView) => void;
  /** The colours' key (CalendarLegend): inline on a wide screen, a 'Leyenda' button on a phone. */
  legend: React.ReactNode;
  isFetching: boolean;
  /** A load failure, above the card. */
  notice?: React.ReactNode;
  children: React.ReactNode;
};

// The frame both calendars share: the legend and the view switcher on one line, then the card showing the view.
export function CalendarPanel({ testId, view, onViewChange, legend, isFetching, notice, children }: Props) {
  const panelId = useId();
  const label = CALENDAR_VIEWS.find((v) => v.view === view)?.label;
  return (
    <div data-testid={testId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {legend}
        {view ? <ViewSwitcher value={view} onChange={onViewChange} panelId={panelId} /> : null}
      </div>
      {notice}
      <div id={panelId} role="tabpanel" aria-label={label} className="relative overflow-x-auto rounded-xl border bg-card p-2 sm:p-4">
        {isFetching ? (
          <div className="absolute top-3 right-3 z-10" aria-busy="true">
            <Spinner className="size-5" />
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
