"use client";

import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { onDemand } from "./on-demand";

// The app's confirmation dialog: shadcn's parts, with Radix's code fetched when it first opens (./on-demand).
const radix = onDemand(() => import("./alert-dialog-parts"));

export const AlertDialog = radix.root("AlertDialog");

export const AlertDialogContent = radix.part("AlertDialogContent");
export const AlertDialogTitle = radix.part("AlertDialogTitle");
export const AlertDialogDescription = radix.part("AlertDialogDescription");
export const AlertDialogAction = radix.part("AlertDialogAction");
export const AlertDialogCancel = radix.part("AlertDialogCancel");

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="alert-dialog-header" className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
