import { BalanceHistoryPage } from "@/components/balance/balance-history-page";

export default function Page() {
  return <BalanceHistoryPage />;
}
