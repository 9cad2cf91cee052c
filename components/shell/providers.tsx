"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import { makeQueryClient } from "./query-client";
import { ServiceWorker } from "./service-worker";

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
      <ServiceWorker />
    </QueryClientProvider>
  );
}
