"use client";

import { AgendaList, type AgendaEntry } from "@/components/calendar/agenda-list";
import type { Agenda } from "@/components/calendar/use-agenda";
import { ListSkeleton } from "@/components/ui/states";
import type { StudentCalendarEvent } from "@/lib/contract/calendar";

const CLOSED = new Set(["denied", "cancelled", "annulled"]);

function entry(e: StudentCalendarEvent): AgendaEntry {
  const detail = e.type === "session" ? (e.url ? "Sesión online" : "Sesión presencial") : undefined;
  return { id: e.id, start: e.start, end: e.end, title: e.title, detail, color: e.color, isDimmed: CLOSED.has(e.data.status ?? "") };
}

type Props = {
  agenda: Agenda<StudentCalendarEvent>;
  timeZone: string;
  onSelect: (event: StudentCalendarEvent) => void;
};

// The student's agenda: the calendar's events from today, by day; a tap opens the same dialogs as the grid's events.
export function StudentAgenda({ agenda, timeZone, onSelect }: Props) {
  if (agenda.error && agenda.days.length === 0) return null;
  if (agenda.isPending) return <ListSkeleton rows={4} className="h-14" />;
  const byId = new Map(agenda.days.flatMap((d) => d.items).map((e) => [e.id, e]));
  return (
    <AgendaList
      days={agenda.days.map((d) => ({ ...d, items: d.items.map(entry) }))}
      today={agenda.today}
      lastDay={agenda.lastDay}
      timeZone={timeZone}
      isLoadingMore={agenda.isLoadingMore}
      onSelect={(id) => {
        const event = byId.get(id);
        if (event) onSelect(event);
      }}
      onShowMore={agenda.showMore}
    />
  );
}
