import Link from "next/link";
import { ArrowLeft } from "lucide-react";

import { Button } from "@/components/ui/button";

type BackHeaderProps = {
  backHref: string;
  backLabel: string;
  title: string;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
};

// Detail-page header: a back arrow, the title and its subtitle, and the page's actions.
export function BackHeader({ backHref, backLabel, title, subtitle, actions }: BackHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-2">
        <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
          <Link href={backHref} aria-label={backLabel}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          {subtitle ? <div className="mt-1 text-muted-foreground">{subtitle}</div> : null}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
