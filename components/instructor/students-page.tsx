"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import { foldText, sortByName } from "@/lib/format/text";
import { formatBalance } from "@/components/balance/balance-amount";
import { instructorQueries } from "./queries";

export function InstructorStudentsPage() {
  const { data, error, isPending } = useQuery(instructorQueries.students());
  const [search, setSearch] = useState("");
  const students = useMemo(() => {
    const term = foldText(search);
    const list = sortByName(data ?? [], (s) => s.name);
    return term ? list.filter((s) => foldText(`${s.name} ${s.dni ?? ""}`).includes(term)) : list;
  }, [data, search]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Mis alumnos</h1>
          <p className="text-muted-foreground">Alumnos asignados, sus permisos y su saldo</p>
        </div>
        <div className="relative w-full sm:w-72">
          <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar por nombre o DNI"
            aria-label="Buscar por nombre o DNI"
            className="pl-9"
          />
        </div>
      </div>
      {isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : students.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
          {search ? "No se encontraron alumnos" : "No tienes alumnos asignados"}
        </p>
      ) : (
        <Card className="py-0 max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none">
          <CardContent className="px-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-6">Alumno</TableHead>
                  <TableHead>DNI</TableHead>
                  <TableHead>Permisos</TableHead>
                  <TableHead className="pr-6 text-right">Saldo</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {students.map((s) => (
                  <TableRow key={s.id} data-testid="instructor-student-row">
                    <TableCell stack="title" className="pl-6 font-medium">
                      <Link href={`/instructor/students/${s.id}`} className="inline-flex items-center underline-offset-4 hover:underline touch:min-h-11">
                        {s.name}
                      </Link>
                    </TableCell>
                    <TableCell label="DNI" className="text-muted-foreground">{s.dni ?? "—"}</TableCell>
                    <TableCell label="Permisos">
                      <div className="flex flex-wrap gap-1">
                        {s.licenses.map((l) => (
                          <Badge key={l.id} variant="secondary">
                            Permiso {l.name}
                          </Badge>
                        ))}
                      </div>
                    </TableCell>
                    <TableCell label="Saldo" className="pr-6 text-right tabular-nums">{formatBalance(s.balance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
