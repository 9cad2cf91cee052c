"use client";

import { lazy, Suspense, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

// Radix's toast viewport is loaded with the first toast, not with every page (issue 13's first-load work); it stays
// mounted from then on so later toasts and their exit animations behave as before.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const { toasts } = useToast();
  const [hasToasted, setHasToasted] = useState(false);
  if (toasts.length > 0 && !hasToasted) setHasToasted(true);
  return hasToasted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
