"use client";

import { Button } from "./button";
import { Spinner } from "./spinner";

type Props = {
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
  error?: string | null;
};

// The next page of a list read a page at a time: a button rather than loading on scroll, so the footer stays
// reachable and a person on a phone decides when to fetch more.
export function LoadMore({ hasMore, isLoading, onLoad, error }: Props) {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-4">
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      <Button type="button" variant="outline" className="min-h-11" onClick={onLoad} disabled={isLoading}>
        {isLoading ? <Spinner aria-hidden /> : null}
        {isLoading ? "Cargando…" : "Cargar más"}
      </Button>
    </div>
  );
}
