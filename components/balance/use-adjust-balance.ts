"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiPost, type Answer } from "@/lib/api-client";
import type { deskStudentDetailSchema, BalanceAdjustmentBody } from "@/lib/contract/balance";
import { deskQueries } from "./queries";

export function useAdjustBalance(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceAdjustmentBody) =>
      apiPost<Answer<typeof deskStudentDetailSchema>>(`/administrator/balances/students/${encodeURIComponent(studentId)}/adjustments`, body),
    onSuccess: (detail, body) => {
      client.setQueryData(deskQueries.student(studentId).queryKey, detail);
      void client.invalidateQueries({ queryKey: [...deskQueries.all(), "students"] });
      toast({
        title: body.operation === "top-up" ? "Saldo añadido" : "Saldo descontado",
        description: `${detail.student.name}: el ajuste queda registrado en su historial.`,
        variant: "success",
      });
    },
  });
}
