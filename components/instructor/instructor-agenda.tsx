"use client";

import { AgendaList, type AgendaEntry } from "@/components/calendar/agenda-list";
import type { Agenda } from "@/components/calendar/use-agenda";
import { ListSkeleton } from "@/components/ui/states";
import type { InstructorCalendarEvent } from "@/lib/contract/instructor";
import { useNow } from "@/components/reservations/use-now";
import { INSTRUCTOR_EVENT_STYLE, eventLabel } from "./instructor-calendar-colors";

type Lesson = InstructorCalendarEvent & { type: Exclude<InstructorCalendarEvent["type"], "availability"> };

const isLesson = (e: InstructorCalendarEvent): e is Lesson => e.type !== "availability";

const entry = (e: Lesson, now: number): AgendaEntry => ({
  id: e.id,
  start: e.start,
  end: e.end,
  title: e.studentName ?? e.title,
  detail: eventLabel(e, now),
  color: INSTRUCTOR_EVENT_STYLE[e.type].color,
  isDimmed: e.type === "reservation-other",
});

type Props = {
  agenda: Agenda<InstructorCalendarEvent>;
  timeZone: string;
  onSelect: (event: InstructorCalendarEvent) => void;
};

// The instructor's agenda: the lessons from today, by day (the open hours stay in the week and day views, where they
// are drawn behind the lessons); a tap opens the lesson's dialog.
export function InstructorAgenda({ agenda, timeZone, onSelect }: Props) {
  const now = useNow();
  if (agenda.error && agenda.days.length === 0) return null;
  if (agenda.isPending) return <ListSkeleton rows={4} className="h-14" />;
  const days = agenda.days.map((d) => ({ ...d, items: d.items.filter(isLesson).map((e) => entry(e, now)) })).filter((d) => d.items.length > 0);
  const byId = new Map(agenda.days.flatMap((d) => d.items).map((e) => [e.id, e]));
  return (
    <AgendaList
      days={days}
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
