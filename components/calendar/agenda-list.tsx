"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { zonedDateFormats } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { dayText, type AgendaDay } from "./agenda";

/** One line of the agenda: what the calendar's event says, in the words of its page. */
export type AgendaEntry = {
  id: string;
  start: string;
  end: string;
  title: string;
  /** A second line: the status, the kind, the place. */
  detail?: string;
  color: string;
  /** Closed reservations (denied, cancelled, annulled) are shown dimmed, as in the lists. */
  isDimmed?: boolean;
};

type Props = {
  days: AgendaDay<AgendaEntry>[];
  today: string;
  lastDay: string;
  timeZone: string;
  isLoadingMore: boolean;
  onSelect: (id: string) => void;
  onShowMore: () => void;
};

// The agenda: a day's heading, then its events in time order, each a button opening the same dialog as the grid's.
// Colours are a bar beside the text, so the text keeps the page's own contrast.
export function AgendaList({ days, today, lastDay, timeZone, isLoadingMore, onSelect, onShowMore }: Props) {
  const formats = zonedDateFormats(timeZone);
  const until = dayText(lastDay, today);
  return (
    <div data-testid="agenda" className="space-y-5">
      {days.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{`No tienes nada en el calendario hasta el ${until}.`}</p>
      ) : (
        days.map((day) => (
          <section key={day.date} aria-labelledby={`agenda-${day.date}`} data-testid="agenda-day">
            <h2 id={`agenda-${day.date}`} className="mb-2 text-sm font-semibold">
              {day.heading}
            </h2>
            <ul className="divide-y rounded-lg border">
              {day.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(item.id)}
                    className={cn(
                      "flex min-h-14 w-full items-stretch gap-3 px-3 py-2 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      item.isDimmed && "text-muted-foreground",
                    )}
                  >
                    <span className="w-1.5 shrink-0 rounded-full" style={{ backgroundColor: item.color }} aria-hidden />
                    <span className="w-[6.5rem] shrink-0 pt-0.5 text-sm tabular-nums">{formats.timeRange(item.start, item.end)}</span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words">{item.title}</span>
                      {item.detail ? <span className="block text-sm text-muted-foreground">{item.detail}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
        {days.length > 0 ? <p>{`Hasta el ${until}`}</p> : null}
        <Button type="button" variant="outline" className="min-h-11 text-foreground" onClick={onShowMore} disabled={isLoadingMore}>
          {isLoadingMore ? <Spinner aria-hidden /> : null}
          {isLoadingMore ? "Cargando…" : "Ver más días"}
        </Button>
      </div>
    </div>
  );
}
