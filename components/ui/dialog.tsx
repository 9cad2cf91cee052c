"use client";

import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { onDemand } from "./on-demand";

// The app's dialog: the same parts as shadcn's, with Radix's code fetched when the dialog first opens (./on-demand).
const radix = onDemand(() => import("./dialog-parts"));

export const Dialog = radix.root("Dialog");

export const DialogContent = radix.part("DialogContent");
export const DialogTitle = radix.part("DialogTitle");
export const DialogDescription = radix.part("DialogDescription");

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="dialog-header" className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
