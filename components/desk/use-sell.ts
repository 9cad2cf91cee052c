"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deskQueries } from "@/components/balance/queries";
import { apiPost, type Answer } from "@/lib/api-client";
import type { CreateSaleBody, saleSchema } from "@/lib/contract/sales";
import { salesQueries } from "./queries";

// A sale changes the student's balance and the day's cash: both are read again.
export function useSell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaleBody) => apiPost<Answer<typeof saleSchema>>("/administrator/sales", body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: salesQueries.all() });
      void client.invalidateQueries({ queryKey: deskQueries.all() });
    },
  });
}
