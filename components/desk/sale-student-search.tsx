"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { deskQueries } from "@/components/balance/queries";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DeskStudent } from "@/lib/contract/balance";

const SHOWN = 5;

// Who the sale is for: the desk's own student search (name, DNI or user name), its first matches as buttons.
export function SaleStudentSearch({ onSelect }: { onSelect: (student: DeskStudent) => void }) {
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search.trim());
  const { data, isPending } = useInfiniteQuery({ ...deskQueries.students(term), enabled: term.length >= 2 });
  const students = (data?.pages.flatMap((p) => p.items) ?? []).slice(0, SHOWN);

  return (
    <div className="space-y-2">
      <Label htmlFor="sale-student">Alumno</Label>
      <Input id="sale-student" type="search" autoComplete="off" placeholder="Nombre o DNI" value={search} onChange={(e) => setSearch(e.target.value)} />
      {term.length < 2 ? (
        <p className="text-sm text-muted-foreground">Escribe al menos 2 letras del nombre o del DNI</p>
      ) : isPending ? (
        <p className="text-sm text-muted-foreground">Buscando…</p>
      ) : students.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ningún alumno coincide con la búsqueda</p>
      ) : (
        <ul className="grid gap-1" aria-label="Alumnos encontrados">
          {students.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => onSelect(s)}
                className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent"
              >
                <span className="font-medium">{s.name}</span>
                <span className="text-muted-foreground">{s.dni ?? s.username ?? ""}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
