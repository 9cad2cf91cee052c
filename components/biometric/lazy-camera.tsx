"use client";

import dynamic from "next/dynamic";

import { Skeleton } from "@/components/ui/skeleton";

// The webcam library is loaded only where a capture dialog opens, and never on the server.
export const LazyCamera = dynamic(() => import("./camera").then((m) => m.Camera), {
  ssr: false,
  loading: () => <Skeleton className="aspect-[4/3] w-full" />,
});
