"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { EmptyState } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { DeskStudentPanel } from "./desk-student-panel";
import { DeskStudentPicker } from "./desk-student-picker";

// /administrator/balances: the school's desk. The chosen student is in the URL (?student=) so it can be shared.
// `embedded`: inside 'Caja y saldos' (components/desk/desk-page.tsx), which draws the page's header.
export function BalanceDesk({ embedded = false }: { embedded?: boolean }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const studentId = params.get("student");
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("student", id);
    router.replace(`${pathname}?${next}`, { scroll: false });
  };

  return (
    <>
      {embedded ? null : <PageHeader title="Saldos" subtitle="Consulta el saldo de cada alumno y regístralo cuando paga en la oficina o hay que corregirlo" />}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <DeskStudentPicker selectedId={studentId} onSelect={select} />
        {studentId ? <DeskStudentPanel key={studentId} studentId={studentId} /> : <EmptyState message="Selecciona un alumno para ver su saldo y sus movimientos" />}
      </div>
    </>
  );
}
