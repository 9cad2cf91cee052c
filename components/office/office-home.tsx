"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CalendarClock, CalendarX2, GraduationCap, Receipt, ScanFace, WalletMinimal } from "lucide-react";
import { useNow } from "@/components/reservations/use-now";
import { useDateFormat } from "@/components/shell/use-date-format";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import type { OfficeHome as Home } from "@/lib/contract/office-home";
import { formatMoney } from "@/lib/format/money";
import { countOf } from "@/lib/format/plural";
import { CapSessionList, ExamList, LowBalanceList, PaymentList } from "./home-lists";
import { DaySection } from "@/components/ui/day-section";
import { moneyTaken } from "./home-view";
import { LessonsByInstructor } from "./lessons-by-instructor";
import { OfficeRequestCard } from "./office-request-card";
import { officeQueries } from "./queries";

/** 'Mostrando 20 de 34' when a list carries only its first items. */
const more = (shown: number, total: number) => (total > shown ? `Mostrando ${shown} de ${total}` : null);

function Day({ home, now }: { home: Home; now: number }) {
  const lessons = home.lessonsByInstructor.reduce((n, g) => n + g.lessons.length, 0);
  const { pendingRequests: requests, pendingCancellationRequests: cancellations, lowBalance } = home;
  const taken = moneyTaken(home.payments);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="min-w-0 space-y-6">
        <DaySection
          testId="office-requests"
          title="Solicitudes pendientes"
          icon={CalendarClock}
          count={countOf(requests.total, "solicitud", "solicitudes")}
          empty="No hay solicitudes de reserva pendientes"
          isEmpty={requests.items.length === 0}
          action={more(requests.items.length, requests.total) ? <p className="text-sm text-muted-foreground">{more(requests.items.length, requests.total)}</p> : null}
        >
          <ul className="space-y-3">
            {requests.items.map((r) => (
              <OfficeRequestCard key={r.id} reservation={r} now={now} />
            ))}
          </ul>
        </DaySection>
        <DaySection
          testId="office-cancellations"
          title="Solicitudes de cancelación"
          icon={CalendarX2}
          count={countOf(cancellations.total, "solicitud", "solicitudes")}
          empty="No hay solicitudes de cancelación pendientes"
          isEmpty={cancellations.items.length === 0}
        >
          <ul className="space-y-3">
            {cancellations.items.map((r) => (
              <OfficeRequestCard key={r.id} reservation={r} now={now} />
            ))}
          </ul>
        </DaySection>
        <DaySection
          testId="office-lessons"
          title="Clases de hoy"
          icon={CalendarCheck}
          count={countOf(lessons, "clase", "clases")}
          empty="Hoy no hay clases"
          isEmpty={lessons === 0}
        >
          <LessonsByInstructor groups={home.lessonsByInstructor.filter((g) => g.lessons.length > 0)} now={now} />
        </DaySection>
      </div>
      <div className="min-w-0 space-y-6">
        <DaySection
          testId="office-payments"
          title="Pagos de hoy"
          icon={Receipt}
          count={home.payments.length > 0 ? `${formatMoney(taken)} cobrados` : null}
          empty="Hoy no hay pagos"
          isEmpty={home.payments.length === 0}
        >
          <PaymentList payments={home.payments} />
        </DaySection>
        <DaySection
          testId="office-low-balance"
          title="Saldo por debajo de una clase"
          icon={WalletMinimal}
          count={countOf(lowBalance.total, "alumno", "alumnos")}
          empty="Todos los alumnos tienen saldo para una clase"
          isEmpty={lowBalance.items.length === 0}
          action={more(lowBalance.items.length, lowBalance.total) ? <p className="text-sm text-muted-foreground">{more(lowBalance.items.length, lowBalance.total)}</p> : null}
        >
          <LowBalanceList students={lowBalance.items} />
        </DaySection>
        <DaySection testId="office-cap" title="Sesiones CAP de hoy" icon={ScanFace} empty="Hoy no hay sesiones CAP" isEmpty={home.capSessions.length === 0}>
          <CapSessionList sessions={home.capSessions} />
        </DaySection>
        <DaySection testId="office-exams" title="Exámenes de esta semana" icon={GraduationCap} empty="Esta semana no hay exámenes" isEmpty={home.exams.length === 0}>
          <ExamList exams={home.exams} />
        </DaySection>
      </div>
    </div>
  );
}

// /administrator 'Inicio': the office's day on the school's clock, phone first (cards, 44 px controls), requests first
// because they wait for someone.
export function OfficeHome() {
  const { data, error } = useQuery(officeQueries.home());
  const now = useNow();
  const formats = useDateFormat();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Inicio</h1>
        <p className="text-muted-foreground first-letter:uppercase">{formats.longDay(now)}</p>
      </div>
      {error && !data ? <ErrorState message={errorText(error)} /> : null}
      {data ? <Day home={data} now={now} /> : !error ? <ListSkeleton rows={3} className="h-28" /> : null}
    </div>
  );
}
