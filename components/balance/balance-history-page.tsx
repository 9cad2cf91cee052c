import { Suspense } from "react";
import { StudentReceipts } from "@/components/desk/student-receipts";
import { BalanceCard } from "./balance-card";
import { MovementList } from "./movement-list";
import { PaymentReturnNotice } from "./payment-return-notice";

export function BalanceHistoryPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi saldo</h1>
        <p className="text-muted-foreground">Consulta tu saldo y el historial de movimientos</p>
      </div>
      <Suspense>
        <PaymentReturnNotice />
      </Suspense>
      <BalanceCard />
      <StudentReceipts />
      <MovementList />
    </div>
  );
}
