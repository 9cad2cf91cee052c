import { BalanceCard } from "./balance-card";
import { MovementList } from "./movement-list";

export function BalanceHistoryPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mi saldo</h1>
        <p className="text-muted-foreground">Consulta tu saldo y el historial de movimientos</p>
      </div>
      <BalanceCard />
      <MovementList />
    </div>
  );
}
