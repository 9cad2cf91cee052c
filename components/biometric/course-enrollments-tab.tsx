"use client";

import { useState } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Search, UserMinus, UserPlus } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import { formatLocalDate, localDateOf } from "@/lib/cap/zoned-time";
import type { Enrollment } from "@/lib/contract/cap";
import { MAX_STUDENTS_PER_COURSE } from "@/lib/contract/constants/cap";
import { EnrollStudentsDialog } from "./enroll-students-dialog";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { matchesSearch, sortByName } from "@/lib/format/text";
import { useUnenrollStudent } from "./use-enrollments";
import { useTimeZone } from "@/components/shell/use-time-zone";

type Props = { courseId: string; enrollments: UseQueryResult<Enrollment[]> };

export function CourseEnrollmentsTab({ courseId, enrollments }: Props) {
  const timeZone = useTimeZone();
  const [search, setSearch] = useState("");
  const [isEnrolling, setIsEnrolling] = useState(false);
  const [toRemove, setToRemove] = useState<Enrollment | null>(null);
  const unenroll = useUnenrollStudent(courseId);

  if (enrollments.error) return <ErrorState message={errorText(enrollments.error)} />;
  const all = enrollments.data ?? [];
  const visible = sortByName(
    all.filter((e) => matchesSearch(search, e.student.fullname, e.student.dni)),
    (e) => e.student.fullname,
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Buscar alumnos inscritos"
            placeholder="Buscar por nombre o DNI"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm text-muted-foreground">
            {all.length} de {MAX_STUDENTS_PER_COURSE} alumnos
          </span>
          <Button onClick={() => setIsEnrolling(true)} disabled={all.length >= MAX_STUDENTS_PER_COURSE}>
            <UserPlus aria-hidden />
            Inscribir más alumnos
          </Button>
        </div>
      </div>
      {all.length === 0 ? (
        <EmptyState message="No hay alumnos inscritos en este curso" />
      ) : visible.length === 0 ? (
        <EmptyState message="Ningún alumno inscrito coincide con la búsqueda" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Nombre</TableHead>
              <TableHead>DNI</TableHead>
              <TableHead>Fecha de inscripción</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Acciones</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map((enrollment) => (
              <TableRow key={enrollment.id}>
                <TableCell stack="title" className="font-medium whitespace-normal">{enrollment.student.fullname}</TableCell>
                <TableCell label="DNI">{enrollment.student.dni}</TableCell>
                <TableCell label="Fecha de inscripción">{formatLocalDate(localDateOf(enrollment.enrolledAt, timeZone))}</TableCell>
                <TableCell stack="actions" className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => setToRemove(enrollment)} aria-label={`Retirar a ${enrollment.student.fullname}`}>
                    <UserMinus aria-hidden />
                    <span className="sm:max-md:hidden">Retirar</span>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <EnrollStudentsDialog courseId={courseId} enrolled={all} open={isEnrolling} onOpenChange={setIsEnrolling} />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Retirar alumno"
        description={toRemove ? `¿Seguro que quieres retirar a ${toRemove.student.fullname} de este curso?` : undefined}
        confirmText="Retirar alumno"
        variant="destructive"
        isLoading={unenroll.isPending}
        onConfirm={() => {
          if (toRemove) unenroll.mutate(toRemove.id, { onSettled: () => setToRemove(null) });
        }}
      />
    </div>
  );
}
