"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

// Plain elements rather than Radix's avatar: the sidebar draws one on every signed-in page, and the primitive's
// image-loading state machine was work on each page's first load (issue 13). The image lies over the fallback, which
// shows while it loads and again if it fails.
export function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, src, onError, ...props }: React.ComponentProps<"img">) {
  const [failedSrc, setFailedSrc] = React.useState<typeof src>(undefined);
  if (!src || src === failedSrc) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- avatars are arbitrary URLs of the API
    <img
      data-slot="avatar-image"
      src={src}
      className={cn("absolute inset-0 aspect-square size-full object-cover", className)}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn("flex size-full items-center justify-center rounded-full bg-muted text-sm font-medium", className)}
      {...props}
    />
  );
}
