"use client";

import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";

import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { CapStudent } from "@/lib/contract/cap";
import { cn } from "@/lib/utils";
import { biometricQueries } from "./queries";
import { useDebouncedValue } from "./use-debounced-value";

// Spec §9: the enrol search shows up to 10 suggestions.
export const MAX_SUGGESTIONS = 10;

type Props = {
  query: string;
  onQueryChange: (query: string) => void;
  excludedIds: ReadonlySet<string>;
  onPick: (student: CapStudent) => void;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
};

/** A search box over the school's students with a keyboard-driven suggestion list (up, down, Enter). */
export function StudentSuggestions({ query, onQueryChange, excludedIds, onPick, disabled, inputRef }: Props) {
  const search = useDebouncedValue(query, 250);
  // Ask for enough rows that 10 remain after leaving out the enrolled and pending students.
  const limit = Math.min(100, MAX_SUGGESTIONS + excludedIds.size);
  const { data, isFetching, isPending } = useQuery({ ...biometricQueries.students({ search, limit }), placeholderData: (prev) => prev });
  const suggestions = (data?.data ?? []).filter((s) => !excludedIds.has(s.id)).slice(0, MAX_SUGGESTIONS);
  const [activeIndex, setActiveIndex] = React.useState(0);
  const listId = React.useId();
  const active = suggestions[Math.min(activeIndex, suggestions.length - 1)];

  React.useEffect(() => setActiveIndex(0), [search, excludedIds.size]);

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActiveIndex((i) => Math.min(suggestions.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActiveIndex((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active && !disabled) onPick(active);
    }
  }

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          ref={inputRef}
          role="combobox"
          aria-label="Buscar alumnos por nombre o DNI"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={active ? `${listId}-${active.id}` : undefined}
          aria-autocomplete="list"
          placeholder="Buscar por nombre o DNI"
          autoComplete="off"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          onKeyDown={onKeyDown}
          className="pl-9"
        />
        {isFetching ? <Spinner className="absolute inset-y-0 right-3 my-auto" /> : null}
      </div>
      {!isPending && suggestions.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">No se encontraron alumnos disponibles</p>
      ) : (
        <ul id={listId} role="listbox" aria-label="Alumnos disponibles" className="max-h-60 overflow-y-auto rounded-md border">
          {suggestions.map((student) => (
            <li
              key={student.id}
              id={`${listId}-${student.id}`}
              role="option"
              aria-selected={student.id === active?.id}
              aria-disabled={disabled || undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => !disabled && onPick(student)}
              onMouseEnter={() => setActiveIndex(suggestions.indexOf(student))}
              className={cn(
                "flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm",
                student.id === active?.id && "bg-accent text-accent-foreground",
                disabled && "cursor-not-allowed opacity-50",
              )}
            >
              <span className="font-medium">{student.fullname}</span>
              <span className="text-muted-foreground">{student.dni}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
