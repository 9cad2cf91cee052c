import * as React from "react";

import { cn } from "@/lib/utils";

type SwitchProps = Omit<React.ComponentProps<"button">, "onChange" | "value"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

// An on/off switch (role="switch", aria-checked): a 44 px touch target around the visible track. A plain button, not
// Radix's: it needs no focus or popper handling, and adds nothing to a page's first load.
export function Switch({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          "relative inline-flex h-6 w-11 items-center rounded-full border-2 transition-colors group-disabled:opacity-50",
          checked ? "border-primary bg-primary" : "border-muted-foreground/60 bg-muted",
        )}
      >
        <span
          className={cn(
            "absolute size-4 rounded-full shadow-sm transition-transform",
            checked ? "translate-x-[22px] bg-primary-foreground" : "translate-x-0.5 bg-muted-foreground",
          )}
        />
      </span>
    </button>
  );
}
