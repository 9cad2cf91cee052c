import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { toastForError } from "@/lib/error-toasts";

// Spec §9: retry 3 times, delay doubling from 1 s up to 30 s; default cache lifetime 5 minutes.
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    // One place maps the generic error codes to the spec's toasts for every mutation. It runs before a
    // mutation's own onError, so a screen that explains an error replaces this toast (one toast at a time).
    mutationCache: new MutationCache({
      onError: (error) => {
        const text = toastForError(error);
        if (text) toast(text);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          // A 4xx will not change by retrying (not found, forbidden, validation).
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
      },
    },
  });
}
