"use client";

import { useQuery } from "@tanstack/react-query";
import { Banknote } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { BalanceDesk } from "@/components/balance/balance-desk";
import { deskQueries } from "@/components/balance/queries";
import { PageHeader } from "@/components/shell/page-header";
import { useSchoolToday } from "@/components/shell/use-time-zone";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { SalesDay } from "./sales-day";
import { SellDialog } from "./sell-dialog";
import { StudentSales } from "./student-sales";

const VIEWS = [
  { id: "saldos", label: "Saldos" },
  { id: "caja", label: "Ventas y caja" },
] as const;
type View = (typeof VIEWS)[number]["id"];

// /administrator/balances, 'Caja y saldos': the students' balances, the day's sales and cash, and 'Vender'. The view,
// the chosen student and the day are in the URL so they can be shared and survive a reload.
export function DeskPage() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const today = useSchoolToday();
  const view: View = params.get("view") === "caja" ? "caja" : "saldos";
  const date = params.get("date") ?? today;
  const studentId = params.get("student");
  const chosen = useQuery({ ...deskQueries.student(studentId ?? ""), enabled: !!studentId });
  const [isSelling, setSelling] = useState(false);

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    router.replace(`${pathname}?${next}`, { scroll: false });
  };

  return (
    <>
      <PageHeader
        title="Caja y saldos"
        subtitle="Vende en la oficina con su justificante, consulta la caja del día y el saldo de cada alumno"
        actions={
          <Button onClick={() => setSelling(true)} className="w-full sm:w-auto">
            <Banknote aria-hidden />
            Vender
          </Button>
        }
      />
      <nav aria-label="Secciones de caja y saldos" className="-mt-2 mb-6 flex gap-1 border-b">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            aria-current={view === v.id ? "page" : undefined}
            onClick={() => go({ view: v.id === "saldos" ? null : v.id })}
            className={cn(
              "min-h-11 border-b-2 px-4 text-sm font-medium transition-colors",
              view === v.id ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {v.label}
          </button>
        ))}
      </nav>
      {view === "caja" ? (
        <SalesDay date={date} onDateChange={(d) => go({ date: d === today ? null : d })} />
      ) : (
        <>
          <BalanceDesk embedded />
          {studentId ? <StudentSales key={studentId} studentId={studentId} /> : null}
        </>
      )}
      <SellDialog
        open={isSelling}
        onOpenChange={setSelling}
        student={view === "saldos" && chosen.data ? { id: chosen.data.student.id, name: chosen.data.student.name } : null}
      />
    </>
  );
}
