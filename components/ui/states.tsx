import Link from "next/link";
import { ArrowLeft, SearchX } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

export function NotFoundState({ message, backHref, backLabel }: { message: string; backHref: string; backLabel: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed p-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{message}</h1>
      <Button asChild variant="outline">
        <Link href={backHref}>
          <ArrowLeft aria-hidden />
          {backLabel}
        </Link>
      </Button>
    </div>
  );
}

export function ErrorState({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

export function EmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
      <p>{message}</p>
      {children}
    </div>
  );
}

export function ListSkeleton({ rows = 3, className = "h-24" }: { rows?: number; className?: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`w-full ${className}`} />
      ))}
    </div>
  );
}
