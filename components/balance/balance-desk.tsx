"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { EmptyState } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { DeskStudentPanel } from "./desk-student-panel";
import { DeskStudentPicker } from "./desk-student-picker";

// /administrator/balances: the school's desk. The chosen student is in the URL (?student=) so it can be shared.
export function BalanceDesk() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const studentId = params.get("student");
  const select = (id: string) => router.replace(`${pathname}?${new URLSearchParams({ student: id })}`, { scroll: false });

  return (
    <>
      <PageHeader title="Saldos" subtitle="Consulta el saldo de cada alumno y regístralo cuando paga en la oficina o hay que corregirlo" />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <DeskStudentPicker selectedId={studentId} onSelect={select} />
        {studentId ? <DeskStudentPanel key={studentId} studentId={studentId} /> : <EmptyState message="Selecciona un alumno para ver su saldo y sus movimientos" />}
      </div>
    </>
  );
}
