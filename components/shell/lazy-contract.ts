import { toast } from "@/components/ui/use-toast";
import { TOASTS_BY_CODE } from "@/lib/error-toasts";

/**
 * A form's contract module (its zod schemas), loaded when the form is first used instead of with its page: zod and
 * the schemas weigh ~32 kB gzip and a share of the page's start-up work that no page needs before a form is filled
 * in (issue 13). The form starts the load as its dialog opens or on its first focus (`preload`); the submit awaits it
 * (`load`), which shows the spec's unexpected-error toast and gives null when the file could not be fetched.
 */
export function lazyContract<M>(loader: () => Promise<M>) {
  let pending: Promise<M> | null = null;
  const start = () =>
    (pending ??= loader().catch((error: unknown) => {
      pending = null; // the next submit tries again
      throw error;
    }));
  return {
    preload: () => {
      start().catch(() => undefined);
    },
    load: async (): Promise<M | null> => {
      try {
        return await start();
      } catch (error) {
        console.error("Could not load the form's validation", error);
        toast({ ...TOASTS_BY_CODE.UNKNOWN_ERROR, variant: "destructive" });
        return null;
      }
    },
  };
}

// The contracts whose schemas a form validates with, each fetched once for the whole app.
export const formContracts = {
  availability: lazyContract(() => import("@/lib/contract/availability")),
  backoffice: lazyContract(() => import("@/lib/contract/backoffice")),
  backofficeUsers: lazyContract(() => import("@/lib/contract/backoffice-users")),
  balance: lazyContract(() => import("@/lib/contract/balance")),
  cap: lazyContract(() => import("@/lib/contract/cap")),
  exams: lazyContract(() => import("@/lib/contract/exams")),
  practices: lazyContract(() => import("@/lib/contract/practices")),
};
