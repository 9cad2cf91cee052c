import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";

type Props = { title: string; icon: LucideIcon; testId: string; empty: string; isEmpty: boolean; hasMore?: boolean; moreText?: string; children: React.ReactNode };

/** One card of a student's page: a titled region, its empty state in words, and a note when it shows only the latest. */
export function FileSection({ title, icon: Icon, testId, empty, isEmpty, hasMore = false, moreText, children }: Props) {
  return (
    <Card className="min-w-0 gap-3 px-4 py-4 sm:px-5" data-testid={testId} role="region" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
        {title}
      </h2>
      {isEmpty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      {hasMore && moreText ? <p className="text-xs text-muted-foreground">{moreText}</p> : null}
    </Card>
  );
}
