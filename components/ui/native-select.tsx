"use client";

import * as React from "react";
import { cn } from "@/lib/utils";
import { useTypedBeforeHydration } from "./typed-before-hydration";

// A native <select> styled like Input: keyboard- and screen-reader-friendly in dialogs and filters.
export function NativeSelect({ className, ref, ...props }: React.ComponentProps<"select">) {
  const fieldRef = useTypedBeforeHydration(props.value, ref);
  return (
    <select
      ref={fieldRef}
      className={cn(
        "flex h-9 w-full touch:min-h-11 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none md:text-sm dark:bg-input/30",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
