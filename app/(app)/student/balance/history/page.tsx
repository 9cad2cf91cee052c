import { BalanceHistoryPage } from "@/components/balance/balance-history-page";
import { balanceQueries } from "@/components/balance/queries";
import { configQueries } from "@/components/booking/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[balanceQueries.balance(), balanceQueries.history(), configQueries.config()]}>
      <BalanceHistoryPage />
    </FirstView>
  );
}
