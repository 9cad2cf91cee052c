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

// A table wider than its container (a phone) scrolls sideways inside it: a shadow marks the side with hidden
// columns, and the container takes keyboard focus then, so the arrow keys reach them too.
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
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn("border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      className={cn("p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0", className)}
      {...props}
    />
  );
}
