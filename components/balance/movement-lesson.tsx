import { CalendarClock } from "lucide-react";
import Link from "next/link";
import type { BalanceMovement } from "@/lib/contract/balance";
import type { DateFormats } from "@/lib/format/dates";

type Props = { lesson: NonNullable<BalanceMovement["lesson"]>; formats: DateFormats; now: number; href: string };

/** The lesson a balance movement belongs to (issue 31 §6): its day, time and instructor, linking to it. */
export function MovementLesson({ lesson, formats, now, href }: Props) {
  return (
    <Link
      href={href}
      className="mt-0.5 inline-flex min-h-6 items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline touch:min-h-11"
      data-testid="movement-lesson"
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      <span>
        Clase del <span className="tabular-nums">{formats.lessonTime(lesson.start, lesson.end, now)}</span> con {lesson.instructor}
      </span>
    </Link>
  );
}
