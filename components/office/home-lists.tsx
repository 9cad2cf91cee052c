"use client";

import Link from "next/link";
import { formatBalance } from "@/components/balance/balance-amount";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { OfficeHome } from "@/lib/contract/office-home";
import { countOf } from "@/lib/format/plural";
import { paymentAmount, paymentDetail } from "./home-view";
import { STUDENT_LINK } from "./student-link";
import { PhoneLink } from "./phone-link";

// The smaller lists of the office's home: CAP sessions, exams, low balances, payments. Rows are links 44 px tall.
const ROW_LINK =
  "flex min-h-11 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-md px-4 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50";
const LIST = "divide-y rounded-lg border bg-card";

export function CapSessionList({ sessions }: { sessions: OfficeHome["capSessions"] }) {
  const formats = useDateFormat();
  return (
    <ul className={LIST}>
      {sessions.map((s) => (
        <li key={s.id}>
          <Link href={`/biometric/courses/${s.courseId}/sessions/${s.id}`} className={ROW_LINK}>
            <span className="min-w-0">
              <span className="block font-medium break-words">{s.course}</span>
              <span className="block text-muted-foreground break-words">{s.name}</span>
            </span>
            <span className="shrink-0 text-right tabular-nums">
              {formats.timeRange(s.start, s.end)}
              <span className="block text-muted-foreground">{countOf(s.enrolled, "alumno", "alumnos")}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ExamList({ exams }: { exams: OfficeHome["exams"] }) {
  const formats = useDateFormat();
  return (
    <ul className={LIST}>
      {exams.map((e) => (
        <li key={e.id}>
          <Link href="/administrator/exams" className={ROW_LINK}>
            <span className="min-w-0">
              <span className="block font-medium first-letter:uppercase">{formats.longDay(e.date)}</span>
              <span className="block text-muted-foreground break-words">{e.location ?? "Sin lugar indicado"}</span>
            </span>
            <span className="shrink-0 tabular-nums">{countOf(e.registered, "inscrito", "inscritos")}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LowBalanceList({ students }: { students: OfficeHome["lowBalance"]["items"] }) {
  return (
    <ul className={LIST}>
      {students.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm" data-testid="office-low-balance">
          <span className="min-w-0">
            <Link href={`/administrator/students/${s.id}`} className={STUDENT_LINK}>
              {s.name}
            </Link>
            {s.phone ? <PhoneLink phone={s.phone} name={s.name} className="flex w-fit text-sm font-normal" /> : null}
          </span>
          <span className="shrink-0 font-semibold tabular-nums">{formatBalance(s.balance)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PaymentList({ payments }: { payments: OfficeHome["payments"] }) {
  const formats = useDateFormat();
  return (
    <ul className={LIST}>
      {payments.map((p) => (
        <li key={p.id} className="flex items-start justify-between gap-3 px-4 py-2 text-sm" data-testid="office-payment">
          <span className="min-w-0">
            <Link href={`/administrator/students/${p.student.id}`} className={STUDENT_LINK}>
              {p.student.name}
            </Link>
            <span className="block text-muted-foreground break-words">
              {formats.time(p.at)} · {paymentDetail(p)}
            </span>
            {p.receiptPath ? (
              <a href={p.receiptPath} className="inline-flex items-center font-medium text-primary underline-offset-4 hover:underline touch:min-h-11">
                Justificante
              </a>
            ) : null}
          </span>
          <span className="shrink-0 pt-0.5 font-semibold tabular-nums touch:pt-3">{paymentAmount(p)}</span>
        </li>
      ))}
    </ul>
  );
}
