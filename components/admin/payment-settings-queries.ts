import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { paymentSettingsSchema } from "@/lib/contract/payment-settings";

// The school's card payments as the office sees them (keys masked). Under the administrator's keys, so every
// back-office write refreshes it (use-admin-mutation.ts).
export const paymentSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ["administrator", "payment-settings"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof paymentSettingsSchema>>("/administrator/payment-settings", signal),
      staleTime: 60_000,
    }),
};
