"use client";

import { CalendarClock } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { MovableLesson } from "./move-notes";
import type { MoverRole } from "./use-move-lesson";

// The dialog (pickers, price notes) loads on the first click: it kept /instructor/reservations over its first-load
// budget (201 of 200 kB) for a button most visits never press.
const MoveLessonDialog = dynamic(() => import("./move-lesson-dialog").then((m) => m.MoveLessonDialog), { ssr: false });

type Props = { role: MoverRole; lesson: MovableLesson; className?: string };

/** 'Cambiar hora' on a lesson's card (issue 31 §5): the dialog mounts only while open, as the cards' other dialogs. */
export function MoveLessonButton({ role, lesson, className }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className={cn("h-11 sm:h-8", className)} onClick={() => setIsOpen(true)}>
        <CalendarClock aria-hidden />
        Cambiar hora
      </Button>
      {isOpen ? <MoveLessonDialog role={role} lesson={lesson} open onOpenChange={setIsOpen} /> : null}
    </>
  );
}
