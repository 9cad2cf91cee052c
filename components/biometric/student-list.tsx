"use client";

import Link from "next/link";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Plus, ScanFace, Search } from "lucide-react";

import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { errorText } from "@/lib/api-client";
import type { CapStudent } from "@/lib/contract/cap";
import { biometricQueries, STUDENTS_PAGE_SIZE } from "./queries";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { StudentFormDialog } from "./student-form-dialog";
import { useDebouncedValue } from "./use-debounced-value";

export function StudentList() {
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 300);
  // Spec §2's Anterior / Siguiente over cursors: the positions of the pages read so far (page 1 starts at none), so a
  // deep page is read from its cursor (an index range) rather than by counting rows; a new search starts at page 1.
  const [trail, setTrail] = useState<{ search: string; cursors: (string | null)[] }>({ search: "", cursors: [null] });
  const cursors = trail.search === search ? trail.cursors : [null];
  const page = cursors.length;
  const [isCreating, setIsCreating] = useState(false);
  const { data, isPending, error, isPlaceholderData } = useQuery({
    ...biometricQueries.students({ search, page, limit: STUDENTS_PAGE_SIZE, cursor: cursors[page - 1] ?? null }),
    placeholderData: keepPreviousData,
  });
  const onNext = (cursor: string | null) => cursor && setTrail({ search, cursors: [...cursors, cursor] });
  const onPrevious = () => setTrail({ search, cursors: cursors.slice(0, -1) });

  return (
    <>
      <PageHeader
        title="Alumnos"
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            Nuevo alumno
          </Button>
        }
      />
      <div className="relative mb-4 w-full sm:max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label="Buscar alumnos" placeholder="Buscar por nombre o DNI" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
      </div>
      {error ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={3} />
      ) : data.data.length === 0 ? (
        <EmptyState message={search ? "Ningún alumno coincide con la búsqueda" : "No hay alumnos registrados"} />
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <p className="mb-3 text-sm text-muted-foreground">
            Mostrando {data.data.length} de {data.pagination.total} estudiantes
          </p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {data.data.map((student) => (
              <li key={student.id}>
                <StudentCard student={student} />
              </li>
            ))}
          </ul>
          <nav aria-label="Paginación" className="mt-6 flex items-center justify-between gap-2">
            <Button variant="outline" onClick={onPrevious} disabled={!data.pagination.hasPreviousPage || page <= 1}>
              <ChevronLeft aria-hidden />
              Anterior
            </Button>
            <span className="text-sm text-muted-foreground">
              Página {data.pagination.page} de {Math.max(1, data.pagination.totalPages)}
            </span>
            <Button variant="outline" onClick={() => onNext(data.pagination.nextCursor)} disabled={!data.pagination.hasNextPage || !data.pagination.nextCursor}>
              Siguiente
              <ChevronRight aria-hidden />
            </Button>
          </nav>
        </div>
      )}
      <StudentFormDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}

function StudentCard({ student }: { student: CapStudent }) {
  return (
    <Link href={`/biometric/students/${student.id}`} className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <Card className="h-full gap-2 py-4 transition-colors hover:border-primary/60 hover:bg-accent/40">
        <CardHeader className="px-4">
          <CardTitle className="leading-snug">{student.fullname}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-2 px-4 text-sm text-muted-foreground">
          <span>{student.dni}</span>
          <Badge variant={student.hasBiometricReference ? "success" : "outline"}>
            <ScanFace aria-hidden />
            {student.hasBiometricReference ? "Con referencia" : "Sin referencia"}
          </Badge>
        </CardContent>
      </Card>
    </Link>
  );
}
