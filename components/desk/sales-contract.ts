import { loadOnce } from "@/components/ui/on-demand";

// The sales contract's schemas, fetched when a desk form first needs them (as components/shell/lazy-contract.ts does).
export const salesContract = loadOnce(() => import("@/lib/contract/sales"));
