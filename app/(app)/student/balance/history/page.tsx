import { BalanceHistoryPage } from "@/components/balance/balance-history-page";
import { balanceQueries } from "@/components/balance/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// The school's configuration (whether card top-up is on) stays the browser's read, as on every page that books or pays.
export default function Page() {
  return (
    <FirstView queries={[balanceQueries.balance(), balanceQueries.history()]}>
      <BalanceHistoryPage />
    </FirstView>
  );
}
