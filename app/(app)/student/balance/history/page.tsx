import { BalanceHistoryPage } from "@/components/balance/balance-history-page";
import { balanceQueries } from "@/components/balance/queries";
import { configQueries } from "@/components/booking/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// The school's configuration is part of the first view: it decides between 'Recargar saldo' and the notice that card
// top-up is off, the page's largest element.
export default function Page() {
  return (
    <FirstView queries={[balanceQueries.balance(), balanceQueries.history(), configQueries.config()]}>
      <BalanceHistoryPage />
    </FirstView>
  );
}
