"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { readBookingConfig } from "@/components/booking/booking-config";
import { CalendarSkeleton } from "@/components/booking/calendar-skeleton";
import { configQueries } from "@/components/booking/queries";
import { useIsPhone } from "@/components/booking/use-is-phone";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { Reservation, Slot } from "@/lib/contract/reservations";
import { formatDuration } from "@/lib/format/duration";
import { startOfSpanishWeek } from "@/lib/format/dates";
import { localDate } from "@/lib/time/zoned-time";
import { moveNotes, type MovableLesson } from "./move-notes";
import { moveCalendarSource, useMoveLesson, type MoverRole } from "./use-move-lesson";

// The booking's 'Hora' step pickers, fetched when the dialog opens: the day strip on a phone, the week grid elsewhere.
const PhoneSlotPicker = dynamic(() => import("@/components/booking/phone-slot-picker").then((m) => m.PhoneSlotPicker), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});
const WeekSlotGrid = dynamic(() => import("@/components/booking/week-slot-grid").then((m) => m.WeekSlotGrid), {
  ssr: false,
  loading: () => <CalendarSkeleton />,
});

export type { MovableLesson };

type Props = { role: MoverRole; lesson: MovableLesson; open: boolean; onOpenChange: (open: boolean) => void };

// 'Cambiar hora' (issue 31 §5): one free slot of the lesson's student and instructor, picked as in the booking, then
// moved in one step. The server decides (the rules, the price difference); this only shows what it will do.
export function MoveLessonDialog({ role, lesson, open, onOpenChange }: Props) {
  const formats = useDateFormat();
  const isPhone = useIsPhone();
  const config = useQuery(configQueries.config());
  const booking = config.data ? readBookingConfig(config.data) : null;
  const ownDuration = Math.round((Date.parse(lesson.end) - Date.parse(lesson.start)) / 1000);
  const options = booking?.durationOptions.length ? booking.durationOptions : [ownDuration];
  const [duration, setDuration] = useState(ownDuration);
  const shownDuration = options.includes(duration) ? duration : options[0]!;
  const [selected, setSelected] = useState<Slot | null>(null);
  const [weekStart, setWeekStart] = useState(() => startOfSpanishWeek(new Date(Math.max(Date.now(), Date.parse(lesson.start)))));
  const [day, setDay] = useState<string | null>(() => localDate(Date.parse(lesson.start), Intl.DateTimeFormat().resolvedOptions().timeZone));
  const [source] = useState(() => moveCalendarSource(role, lesson.id));
  const move = useMoveLesson(role);

  const onToggle = (slot: Slot) => {
    setSelected((current) => (current && current.start === slot.start && current.end === slot.end ? null : slot));
    return true;
  };
  const onConfirm = () => {
    if (!selected) return;
    move.mutate(
      { id: lesson.id, slot: selected },
      {
        onSuccess: (moved) => {
          toast({ title: "Hora cambiada", description: `La clase es ahora ${formats.lessonTime(moved.start, moved.end, Date.now())}.`, variant: "success" });
          onOpenChange(false);
        },
      },
    );
  };
  const mode = config.data?.balance_mode.value === "money" ? "money" : "time";
  const notes = booking ? moveNotes({ role, lesson, newDuration: selected ? shownDuration : null, booking, mode }) : [];

  return (
    <Dialog open={open} onOpenChange={(next: boolean) => (move.isPending && !next ? undefined : onOpenChange(next))}>
      {/* One column that may shrink below its content (the day strip scrolls inside it): nothing scrolls sideways. */}
      <DialogContent className="grid-cols-[minmax(0,1fr)] gap-3 overflow-x-hidden p-4 sm:max-w-5xl sm:p-6" data-testid="move-lesson-dialog">
        <DialogHeader>
          <DialogTitle>Cambiar hora</DialogTitle>
          <DialogDescription>
            Hora actual: <span className="font-medium text-foreground tabular-nums">{formats.lessonTime(lesson.start, lesson.end, Date.now())}</span>
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="move-duration">Duración de la práctica</Label>
          <NativeSelect
            id="move-duration"
            className="h-11 w-40 sm:h-9"
            value={String(shownDuration)}
            onChange={(e) => {
              setDuration(Number(e.target.value));
              setSelected(null);
            }}
          >
            {options.map((o) => (
              <option key={o} value={String(o)}>
                {formatDuration(o)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {!booking || isPhone === null ? (
          <CalendarSkeleton />
        ) : isPhone ? (
          <PhoneSlotPicker
            instructorId={lesson.id}
            durationSeconds={shownDuration}
            horizonDays={booking.horizonDays}
            selection={selected ? [selected] : []}
            day={day}
            onDayChange={setDay}
            onToggle={onToggle}
            source={source}
          />
        ) : (
          <WeekSlotGrid
            instructorId={lesson.id}
            durationSeconds={shownDuration}
            selection={selected ? [selected] : []}
            weekStart={weekStart}
            onWeekChange={setWeekStart}
            onToggle={onToggle}
            source={source}
          />
        )}
        <div className="sticky bottom-0 z-20 -mx-4 space-y-2 border-t bg-background/95 px-4 pt-3 backdrop-blur sm:-mx-6 sm:px-6" role="status">
          <p className="text-sm">
            Nueva hora:{" "}
            <span className="font-medium tabular-nums" data-testid="move-new-time">
              {selected ? formats.lessonTime(selected.start, selected.end, Date.now()) : "elige un horario libre"}
            </span>
          </p>
          {notes.map((n) => (
            <p key={n} className="text-sm text-muted-foreground">
              {n}
            </p>
          ))}
          <DialogFooter>
            <Button variant="outline" className="h-11 sm:h-9" onClick={() => onOpenChange(false)} disabled={move.isPending}>
              Volver
            </Button>
            <Button className="h-11 sm:h-9" onClick={onConfirm} disabled={!selected || move.isPending} aria-busy={move.isPending || undefined}>
              {move.isPending ? "Procesando..." : "Cambiar hora"}
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
