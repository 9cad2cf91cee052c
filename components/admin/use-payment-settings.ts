"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { configQueries } from "@/components/booking/queries";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, type Answer } from "@/lib/api-client";
import type { PaymentSettingsBody, paymentSettingsSchema } from "@/lib/contract/payment-settings";
import { paymentSettingsQueries } from "./payment-settings-queries";

type Settings = Answer<typeof paymentSettingsSchema>;
const PATH = "/administrator/payment-settings";

// After a change: the section shows the answer, and card top-up's switch (GET /config) and the audit log are read again.
function useOnChanged() {
  const queryClient = useQueryClient();
  return async (next: Settings) => {
    queryClient.setQueryData(paymentSettingsQueries.settings().queryKey, { ...next, account: undefined });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: configQueries.config().queryKey }),
      queryClient.invalidateQueries({ queryKey: ["administrator", "audit"] }),
    ]);
  };
}

export function useSavePaymentSettings() {
  const onChanged = useOnChanged();
  return useMutation({
    mutationFn: (body: PaymentSettingsBody) => apiRequest<Settings>(PATH, { method: "PUT", json: body }),
    onSuccess: async (next, _body, _result, context) => {
      const wasOn = context.client.getQueryData(paymentSettingsQueries.settings().queryKey)?.isEnabled === true;
      const account = next.account ? `Cuenta de Stripe: ${next.account.name ? `${next.account.name} (${next.account.id})` : next.account.id}` : undefined;
      toast({ title: wasOn ? "Claves de Stripe guardadas" : "Pagos con tarjeta activados", description: account, variant: "success" });
      await onChanged(next);
    },
  });
}

export function useDisablePaymentSettings() {
  const onChanged = useOnChanged();
  return useMutation({
    mutationFn: () => apiRequest<Settings>(PATH, { method: "DELETE" }),
    onSuccess: async (next) => {
      toast({ title: "Pagos con tarjeta desactivados", variant: "success" });
      await onChanged(next);
    },
  });
}
