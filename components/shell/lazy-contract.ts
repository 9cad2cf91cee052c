import { loadOnce } from "@/components/ui/on-demand";

/**
 * The contracts whose schemas a form validates with (zod and the schemas weigh ~32 kB gzip and a share of a page's
 * start-up work that no page needs before a form is filled in, issue 13), each fetched once for the whole app. The form
 * starts the load as its dialog opens or on its first focus (`preload`); the submit awaits it (`load`, null when the
 * file could not be fetched: the toast is shown and the next submit tries again).
 */
export const formContracts = {
  availability: loadOnce(() => import("@/lib/contract/availability")),
  backoffice: loadOnce(() => import("@/lib/contract/backoffice")),
  backofficeUsers: loadOnce(() => import("@/lib/contract/backoffice-users")),
  balance: loadOnce(() => import("@/lib/contract/balance")),
  cap: loadOnce(() => import("@/lib/contract/cap")),
  exams: loadOnce(() => import("@/lib/contract/exams")),
  practices: loadOnce(() => import("@/lib/contract/practices")),
};
