"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { addDays as addDaysTo, differenceInCalendarDays } from "date-fns";
import { ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { LazySlotAlertOffer } from "@/components/notifications/lazy-slot-alert-offer";
import { dayRange } from "@/components/notifications/slot-alert-range";
import type { BookingCalendarEvent, Slot } from "@/lib/contract/reservations";
import { formatDayOfMonth, formatLongDay, noonOfDate, startOfSpanishWeek } from "@/lib/format/dates";
import { localDate } from "@/lib/time/zoned-time";
import { CalendarLoadError } from "./calendar-load-error";
import { dayItems, dayStatuses, horizonDate, nextDayWithSlots, stripDates } from "./day-picker";
import { DaySlots } from "./day-slots";
import { DayStrip, type StripDay } from "./day-strip";
import { bookingQueries, type CalendarSource } from "./queries";
import { displayEvents } from "./selection";

type Props = {
  instructorId: string;
  durationSeconds: number;
  horizonDays: number;
  selection: Slot[];
  /** The day shown ('YYYY-MM-DD' on the device's clock); null or a past day shows today. */
  day: string | null;
  onDayChange: (day: string) => void;
  onToggle: (slot: Slot) => boolean;
  /** Another week source (moving a lesson, issue 31 §5); it offers no freed-slot alert (those are the booking's). */
  source?: CalendarSource;
};

// The 'Hora' step on a phone (issue "Phone first"): days from today in a strip, the chosen day's times as large tiles,
// a jump to the next day with free slots. It reads the week grid's own answers (GET /student/reservations/calendar,
// one Monday-to-Sunday week per request, the same query keys), so the slot rules are the server's, unchanged.
export function PhoneSlotPicker({ instructorId, durationSeconds, horizonDays, selection, day, onDayChange, onToggle, source = bookingQueries.calendar }: Props) {
  const client = useQueryClient();
  const [now] = useState(() => Date.now());
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = localDate(now, timeZone);
  const lastDate = horizonDate(now, horizonDays, timeZone);
  const chosen = day && day >= today && day <= lastDate ? day : today;
  const firstWeek = useMemo(() => startOfSpanishWeek(now), [now]);
  const weekOf = (date: string) => Math.floor(differenceInCalendarDays(noonOfDate(date), firstWeek) / 7);
  const weekRange = (i: number) => {
    const start = addDaysTo(firstWeek, 7 * i);
    return { instructorId, durationSeconds, start: start.toISOString(), end: addDaysTo(start, 7).toISOString() };
  };
  const maxWeeks = weekOf(lastDate) + 1;
  const [weekCount, setWeekCount] = useState(() => Math.min(maxWeeks, Math.max(2, weekOf(chosen) + 2)));
  const [isSearching, setIsSearching] = useState(false);
  const [noneAfter, setNoneAfter] = useState<string | null>(null);

  const weeks = useQueries({
    queries: Array.from({ length: weekCount }, (_, i) => source(weekRange(i))),
  });
  const loadedWeeks = weeks.findIndex((w) => !w.data);
  const known = loadedWeeks === -1 ? weekCount : loadedWeeks;
  const shown = displayEvents(weeks.slice(0, known).flatMap((w) => w.data ?? []), selection);

  if (weeks[0]?.error && !weeks[0].data) return <CalendarLoadError />;

  const stripLast = minDate(lastDate, localDate(addDaysTo(firstWeek, 7 * weekCount).getTime() - 1, timeZone));
  const dates = stripDates(now, stripLast, timeZone);
  const statuses = new Map(dayStatuses(shown, dates, now, timeZone).map((s) => [s.date, s]));
  const days: StripDay[] = dates.map((date) => ({ date, status: weekOf(date) < known ? statuses.get(date)! : null }));
  const isChosenKnown = weekOf(chosen) < known;
  const items = isChosenKnown ? dayItems(shown, chosen, now, timeZone) : [];
  const hasFree = items.some((i) => i.kind === "available");

  const choose = (date: string) => {
    setNoneAfter(null);
    onDayChange(date);
  };

  // Looks in the weeks already read, then reads the next ones (the same cached requests) up to the horizon.
  const onNextDay = async () => {
    const inKnown = nextDayWithSlots([...statuses.values()].filter((s) => weekOf(s.date) < known), chosen);
    if (inKnown) return choose(inKnown);
    setIsSearching(true);
    try {
      for (let i = Math.max(known, weekOf(chosen)); i < maxWeeks; i++) {
        const data: BookingCalendarEvent[] = await client.fetchQuery(source(weekRange(i)));
        const weekDates = stripDates(now, lastDate, timeZone).filter((d) => weekOf(d) === i);
        const found = nextDayWithSlots(dayStatuses(displayEvents(data, selection), weekDates, now, timeZone), chosen);
        if (found) {
          setWeekCount((count) => Math.max(count, Math.min(maxWeeks, i + 1)));
          return choose(found);
        }
      }
      setNoneAfter(chosen);
    } catch {
      setNoneAfter(null);
    } finally {
      setIsSearching(false);
    }
  };

  return (
    <section className="space-y-4" aria-label="Elige día y hora" data-testid="phone-slot-picker">
      <DayStrip
        days={days}
        today={today}
        chosen={chosen}
        onChoose={choose}
        onMore={weekCount < maxWeeks ? () => setWeekCount((count) => Math.min(maxWeeks, count + 1)) : undefined}
      />

      <div className="space-y-3 rounded-xl border bg-card p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold first-letter:uppercase" data-testid="picker-day">
            {formatLongDay(noonOfDate(chosen))}
          </h2>
          <Button variant={hasFree ? "outline" : "default"} className="h-11" onClick={() => void onNextDay()} disabled={isSearching}>
            Siguiente día con huecos
            <ChevronRight aria-hidden />
          </Button>
        </div>
        {noneAfter === chosen ? (
          <p className="text-sm text-muted-foreground" role="status">
            {`No hay más días con huecos libres hasta el ${formatDayOfMonth(noonOfDate(lastDate))}.`}
          </p>
        ) : null}
        {!isChosenKnown ? (
          <div className="grid grid-cols-2 gap-2" aria-busy="true" aria-label="Cargando horarios">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : (
          <>
            {!hasFree ? (
              <>
                <p className="rounded-lg border border-dashed px-3 py-3 text-sm text-muted-foreground" role="status">
                  No quedan huecos libres este día.
                </p>
                {/* Someone else's lesson here may be cancelled: the student can ask to be told (issue 29). */}
                {source === bookingQueries.calendar ? <LazySlotAlertOffer instructorId={instructorId} range={dayRange(chosen)} period="este día" /> : null}
              </>
            ) : null}
            {items.length > 0 ? <DaySlots items={items} onToggle={onToggle} /> : null}
          </>
        )}
      </div>
    </section>
  );
}

const minDate = (a: string, b: string) => (a < b ? a : b);
