import type { LucideIcon } from "lucide-react";

type Props = {
  title: string;
  icon: LucideIcon;
  testId: string;
  count?: string | null;
  empty: string;
  isEmpty: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * One block of a day's home (the instructor's dashboard, the office's home): a titled region with its count, whose
 * empty state says so in words, and an optional line below (e.g. 'Mostrando 5 de 12').
 */
export function DaySection({ title, icon: Icon, testId, count, empty, isEmpty, action, children }: Props) {
  return (
    <section className="min-w-0 space-y-3" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${testId}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          {title}
        </h2>
        {count ? <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{count}</span> : null}
      </div>
      {isEmpty ? <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p> : children}
      {action}
    </section>
  );
}
