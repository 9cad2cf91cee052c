"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";

import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { localDateOf, zonedInstant } from "@/lib/cap/zoned-time";
import type { CapSession } from "@/lib/contract/cap";
import { STUDENT_PAGE_MAX_LIMIT } from "@/lib/contract/constants/cap";
import { cn } from "@/lib/utils";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormDialogFooter } from "./form-dialog-footer";
import { FormField, invalidProps } from "./form-field";
import { biometricQueries } from "./queries";
import { ListSkeleton } from "@/components/ui/states";
import { useDebouncedValue } from "./use-debounced-value";
import { useAddAttendance } from "./use-session-mutations";
import { useTimeZone } from "@/components/shell/use-time-zone";

type Props = { session: CapSession; open: boolean; onOpenChange: (open: boolean) => void };

export function AddToSessionDialog({ session, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Añadir alumno a la sesión</DialogTitle>
          <DialogDescription>{session.name}</DialogDescription>
        </DialogHeader>
        {open ? <AddForm session={session} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddForm({ session, onDone }: { session: CapSession; onDone: () => void }) {
  const timeZone = useTimeZone();
  const add = useAddAttendance(session.id, session.capCourseId);
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query, 250);
  // Spec §9: the list of students not yet in the session is limited to 100.
  const students = useQuery({ ...biometricQueries.students({ search, limit: STUDENT_PAGE_MAX_LIMIT }), placeholderData: (prev) => prev });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [inTime, setInTime] = useState("");
  const [outTime, setOutTime] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  const inSession = new Set(session.attendances.map((a) => a.studentId));
  const available = (students.data?.data ?? []).filter((s) => !inSession.has(s.id));
  const date = localDateOf(session.start, timeZone);
  const instant = (time: string) => (time ? zonedInstant(date, time, timeZone).toISOString() : undefined);

  useEffect(formContracts.cap.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    if (!selectedId) return setErrors({ studentId: "Selecciona un alumno" });
    const parsed = contract.addAttendanceBodySchema.safeParse({ capSessionId: session.id, studentId: selectedId, in: instant(inTime), out: instant(outTime) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (attendance) => {
        toast({ title: "Alumno añadido a la sesión", description: attendance.studentName, variant: "success" });
        onDone();
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label="Buscar alumnos por nombre o DNI" placeholder="Buscar por nombre o DNI" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
      </div>
      {students.isPending ? (
        <ListSkeleton rows={3} className="h-10" />
      ) : available.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">No se encontraron alumnos disponibles</p>
      ) : (
        <div role="radiogroup" aria-label="Alumnos que no están en la sesión" className="max-h-60 overflow-y-auto rounded-md border">
          {available.map((student) => (
            <label
              key={student.id}
              className={cn("flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-accent", selectedId === student.id && "bg-accent")}
            >
              <input type="radio" name="add-student" checked={selectedId === student.id} onChange={() => setSelectedId(student.id)} className="size-4 accent-primary" />
              <span className="font-medium">{student.fullname}</span>
              <span className="ml-auto text-muted-foreground">{student.dni}</span>
            </label>
          ))}
        </div>
      )}
      {errors.studentId ? <p className="text-sm text-destructive">{errors.studentId}</p> : null}
      <div className="grid grid-cols-2 gap-4">
        <FormField id="add-in" label="Hora de entrada (opcional)" error={errors.in}>
          <Input id="add-in" type="time" value={inTime} onChange={(e) => setInTime(e.target.value)} {...invalidProps("add-in", errors.in)} />
        </FormField>
        <FormField id="add-out" label="Hora de salida (opcional)" error={errors.out}>
          <Input id="add-out" type="time" min={inTime || undefined} value={outTime} onChange={(e) => setOutTime(e.target.value)} {...invalidProps("add-out", errors.out)} />
        </FormField>
      </div>
      <FormDialogFooter error={add.error} isPending={add.isPending} submitText="Añadir alumno" pendingText="Añadiendo..." onCancel={onDone} />
    </form>
  );
}
