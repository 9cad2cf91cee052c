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

/** One block of the office's home: a titled region whose empty state says so in words. */
export function HomeSection({ title, icon: Icon, testId, count, empty, isEmpty, action, children }: Props) {
  return (
    <section className="min-w-0 space-y-3" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${testId}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          {title}
        </h2>
        {count ? <span className="text-sm text-muted-foreground tabular-nums">{count}</span> : null}
      </div>
      {isEmpty ? <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p> : children}
      {action}
    </section>
  );
}

/** The student's name as a link to the office's page of the student (44 px tall on a touch screen). */
export const STUDENT_LINK =
  "inline-flex items-center rounded-sm font-medium break-words underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none touch:min-h-11";
