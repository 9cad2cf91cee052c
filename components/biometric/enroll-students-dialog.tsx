"use client";

import { useEffect, useRef, useState } from "react";
import { X } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import type { CapStudent, Enrollment } from "@/lib/contract/cap";
import { MAX_STUDENTS_PER_COURSE } from "@/lib/contract/constants/cap";
import { countOf, plural } from "@/lib/format/plural";
import { cn } from "@/lib/utils";
import { StudentSuggestions } from "./student-suggestions";
import { useEnrollStudents } from "./use-enrollments";

type Pending = Pick<CapStudent, "id" | "fullname" | "dni">;
type Failure = { studentId: string; name: string; message: string };
type Props = { courseId: string; enrolled: Enrollment[]; open: boolean; onOpenChange: (open: boolean) => void };

// Spec §9: a newly added pending entry is highlighted for 1 second.
const HIGHLIGHT_MS = 1000;

export function EnrollStudentsDialog({ courseId, enrolled, open, onOpenChange }: Props) {
  const [query, setQuery] = useState("");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        // Spec §2: Escape first clears the search; with an empty search it closes the dialog.
        onEscapeKeyDown={(event) => {
          if (query) {
            event.preventDefault();
            setQuery("");
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Inscribir alumnos</DialogTitle>
          <DialogDescription>Busca alumnos por nombre o DNI y añádelos a la lista.</DialogDescription>
        </DialogHeader>
        {open ? (
          <EnrollForm courseId={courseId} enrolled={enrolled} query={query} setQuery={setQuery} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type FormProps = { courseId: string; enrolled: Enrollment[]; query: string; setQuery: (q: string) => void; onDone: () => void };

function EnrollForm({ courseId, enrolled, query, setQuery, onDone }: FormProps) {
  const enroll = useEnrollStudents(courseId);
  const [pending, setPending] = useState<Pending[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const excludedIds = new Set([...enrolled.map((e) => e.studentId), ...pending.map((p) => p.id)]);
  const isFull = enrolled.length + pending.length >= MAX_STUDENTS_PER_COURSE;

  useEffect(() => () => setQuery(""), [setQuery]);
  useEffect(() => {
    if (!highlightedId) return;
    const id = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(id);
  }, [highlightedId]);

  function add(student: CapStudent) {
    setPending((list) => [...list, { id: student.id, fullname: student.fullname, dni: student.dni }]);
    setHighlightedId(student.id);
    setQuery("");
    inputRef.current?.focus();
  }

  function submit() {
    enroll.mutate(
      pending.map((p) => p.id),
      {
        onSuccess: ({ successful, failed }) => {
          const names = new Map(pending.map((p) => [p.id, p.fullname]));
          if (successful.length > 0) {
            toast({ title: `${countOf(successful.length, "alumno", "alumnos")} ${plural(successful.length, "inscrito", "inscritos")}`, variant: "success" });
          }
          if (failed.length === 0) return onDone();
          setFailures(failed.map((f) => ({ studentId: f.studentId, name: names.get(f.studentId) ?? f.studentId, message: f.message })));
          setPending((list) => list.filter((p) => failed.some((f) => f.studentId === p.id)));
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <StudentSuggestions query={query} onQueryChange={setQuery} excludedIds={excludedIds} onPick={add} disabled={isFull} inputRef={inputRef} />
      {isFull ? (
        <p className="text-sm text-muted-foreground">El curso alcanza el máximo legal de {MAX_STUDENTS_PER_COURSE} alumnos.</p>
      ) : null}
      <section aria-label="Alumnos seleccionados" className="grid gap-2">
        <h3 className="text-sm font-medium">Alumnos seleccionados ({pending.length})</h3>
        {pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">Todavía no has seleccionado ningún alumno.</p>
        ) : (
          <ul className="grid gap-1">
            {pending.map((p) => (
              <li
                key={p.id}
                data-highlighted={p.id === highlightedId || undefined}
                className={cn(
                  "flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm transition-colors duration-500",
                  p.id === highlightedId && "border-primary bg-primary/15",
                )}
              >
                <span>
                  <span className="font-medium">{p.fullname}</span> <span className="text-muted-foreground">{p.dni}</span>
                </span>
                <Button variant="ghost" size="icon" className="size-7" aria-label={`Quitar a ${p.fullname}`} onClick={() => setPending((list) => list.filter((x) => x.id !== p.id))}>
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {failures.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>No se pudieron inscribir algunos alumnos</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {failures.map((f) => (
                <li key={f.studentId}>
                  {f.name}: {f.message}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {enroll.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(enroll.error)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={submit} disabled={pending.length === 0 || enroll.isPending}>
          {enroll.isPending ? "Inscribiendo..." : `Inscribir ${countOf(pending.length, "alumno", "alumnos")}`}
        </Button>
      </DialogFooter>
    </div>
  );
}
