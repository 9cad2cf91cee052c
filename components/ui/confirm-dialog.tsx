"use client";

import * as React from "react";

import { cn } from "@/lib/utils";
import { buttonVariants } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  confirmText: string;
  cancelText?: string;
  loadingText?: string;
  isLoading?: boolean;
  variant?: "default" | "destructive";
  onConfirm: () => void | Promise<void>;
  children?: React.ReactNode;
};

/** Confirmation dialog. It never closes itself on confirm: the caller sets `open` to false. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmText,
  cancelText = "Cancelar",
  loadingText = "Procesando...",
  isLoading = false,
  variant = "default",
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (isLoading && !next ? undefined : onOpenChange(next))}>
      <AlertDialogContent onEscapeKeyDown={(e) => isLoading && e.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          {/* Thumb-sized on a phone (44 px), the usual height from the small breakpoint up. */}
          <AlertDialogCancel disabled={isLoading} className="h-11 sm:h-9">
            {cancelText}
          </AlertDialogCancel>
          <AlertDialogAction
            disabled={isLoading}
            aria-busy={isLoading || undefined}
            className={cn(buttonVariants({ variant }), "h-11 sm:h-9")}
            onClick={(e) => {
              e.preventDefault();
              void onConfirm();
            }}
          >
            {isLoading ? loadingText : confirmText}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
