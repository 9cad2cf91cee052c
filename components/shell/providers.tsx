"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { LazyToaster } from "./lazy-toaster";
import { makeQueryClient } from "./query-client";

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
