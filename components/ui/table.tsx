"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

type Overflow = { left: boolean; right: boolean };

// Which sides hide columns, kept current on resize and scroll.
function useHorizontalOverflow(ref: React.RefObject<HTMLDivElement | null>): Overflow {
  const [overflow, setOverflow] = React.useState<Overflow>({ left: false, right: false });
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
      setOverflow((o) => (o.left === next.left && o.right === next.right ? o : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", update);
    };
  }, [ref]);
  return overflow;
}

// One pattern for every table (issue "Phone first"). Below 640 px each row is a card: its cells stacked, each led by its
// column's name (`label`), the row's `title` cell on top and its `actions` at the foot, so nothing scrolls sideways on a
// phone. Wider, an ordinary table; one wider than its container scrolls sideways inside it: a shadow marks the side with
// hidden columns, and the container takes keyboard focus then, so the arrow keys reach them too. The explicit roles keep
// the table's semantics where a browser drops them for a table not displayed as one (Safari).
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  const ref = React.useRef<HTMLDivElement>(null);
  const { left, right } = useHorizontalOverflow(ref);
  const isScrollable = left || right;
  return (
    <div
      ref={ref}
      data-slot="table-container"
      data-overflow={isScrollable ? [left && "left", right && "right"].filter(Boolean).join(" ") : undefined}
      tabIndex={isScrollable ? 0 : undefined}
      className={cn(
        "relative w-full overflow-x-auto overscroll-x-contain outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        left && right
          ? "shadow-[inset_12px_0_10px_-10px_rgb(0_0_0/0.25),inset_-12px_0_10px_-10px_rgb(0_0_0/0.25)]"
          : left
            ? "shadow-[inset_12px_0_10px_-10px_rgb(0_0_0/0.25)]"
            : right
              ? "shadow-[inset_-12px_0_10px_-10px_rgb(0_0_0/0.25)]"
              : undefined,
      )}
    >
      <table role="table" data-slot="table" className={cn("w-full caption-bottom text-sm max-sm:block", className)} {...props} />
    </div>
  );
}

// On a phone the column names leave the screen but not the table: screen readers still name each cell's column.
export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead role="rowgroup" data-slot="table-header" className={cn("[&_tr]:border-b max-sm:sr-only", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      role="rowgroup"
      data-slot="table-body"
      className={cn("max-sm:grid max-sm:gap-3 sm:[&_tr:last-child]:border-0", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      data-slot="table-row"
      className={cn(
        "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
        "max-sm:grid max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:bg-card max-sm:p-4 max-sm:shadow-xs",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      role="columnheader"
      data-slot="table-head"
      className={cn(
        "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

/** Where a cell goes in a row's card on a phone: a line led by its column's name (`label`), the card's title, its
 * actions (at the foot, right-aligned), or nowhere (a detail the card can do without). */
type CellProps = React.ComponentProps<"td"> & { label?: string; stack?: "title" | "actions" | "hidden" };

const STACKED: Record<NonNullable<CellProps["stack"]> | "line" | "plain", string> = {
  line: "max-sm:grid max-sm:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-x-3",
  plain: "max-sm:block",
  title: "max-sm:block max-sm:pt-0 max-sm:text-base max-sm:font-semibold",
  actions: "max-sm:mt-2 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:justify-end max-sm:gap-2 max-sm:border-t max-sm:pt-3 max-sm:pb-0",
  hidden: "max-sm:hidden",
};

export function TableCell({ className, label, stack, children, ...props }: CellProps) {
  return (
    <td
      role="cell"
      data-slot="table-cell"
      className={cn(
        "p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0",
        "max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:break-words max-sm:whitespace-normal",
        STACKED[stack ?? (label ? "line" : "plain")],
        className,
      )}
      {...props}
    >
      {label && !stack ? (
        <>
          <span aria-hidden className="text-xs font-medium text-muted-foreground sm:hidden">
            {label}
          </span>
          <div className="min-w-0 sm:contents">{children}</div>
        </>
      ) : (
        children
      )}
    </td>
  );
}
