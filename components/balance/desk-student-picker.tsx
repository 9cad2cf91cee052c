"use client";

import { useDeferredValue, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Input } from "@/components/ui/input";
import { LoadMore } from "@/components/ui/load-more";
import { errorText } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { formatBalance } from "./balance-amount";
import { deskQueries } from "./queries";

export function DeskStudentPicker({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(deskQueries.students(deferred));
  const students = data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-label="Alumnos" className="space-y-3">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label="Buscar alumno" placeholder="Buscar por nombre, DNI o usuario" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
      </div>
      {error && !isFetchNextPageError ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={4} className="h-14" />
      ) : students.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No se encontraron alumnos</p>
      ) : (
        <ul className="space-y-1.5">
          {students.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                aria-current={s.id === selectedId ? "true" : undefined}
                onClick={() => onSelect(s.id)}
                className={cn(
                  "flex w-full items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2.5 text-left transition-colors hover:bg-accent",
                  s.id === selectedId && "border-primary bg-primary/5",
                )}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{s.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {s.dni ?? s.username ?? "—"}
                    {s.isActive ? "" : " · inactivo"}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">{formatBalance(s.balance)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasNextPage} isLoading={isFetchingNextPage} onLoad={() => void fetchNextPage()} error={isFetchNextPageError ? errorText(error) : null} />
    </section>
  );
}
