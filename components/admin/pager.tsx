import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Pagination } from "@/lib/contract/common";

export function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Paginación" className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" size="sm" onClick={() => onPage(pagination.page - 1)} disabled={!pagination.hasPreviousPage}>
        <ChevronLeft aria-hidden />
        Anterior
      </Button>
      <span className="text-sm text-muted-foreground max-sm:order-first max-sm:w-full max-sm:text-center">
        Página {pagination.page} de {Math.max(1, pagination.totalPages)} · {pagination.total} en total
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(pagination.page + 1)} disabled={!pagination.hasNextPage}>
        Siguiente
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
