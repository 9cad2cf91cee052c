import { Suspense } from "react";
import { BalanceDesk } from "@/components/balance/balance-desk";

export default function AdministratorBalancesPage() {
  return (
    <Suspense>
      <BalanceDesk />
    </Suspense>
  );
}
