"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import type { Slot } from "@/lib/contract/reservations";
import { startOfSpanishWeek } from "@/lib/format/dates";
import { AssignmentStep } from "./assignment-step";
import { linkedAssignment, linkedWeekStart, readBookingLink } from "./booking-link";
import { ConfirmStep } from "./confirm-step";
import { bookingQueries } from "./queries";
import { TimeStep } from "./time-step";
import { WizardHeader, type WizardStep } from "./wizard-header";

const RESERVATIONS_PATH = "/student/reservations";

const bookedText = (count: number, isDirectMode: boolean) =>
  isDirectMode
    ? count === 1
      ? "Se ha confirmado 1 reserva correctamente."
      : `Se han confirmado ${count} reservas correctamente.`
    : count === 1
      ? "Se ha enviado 1 solicitud de reserva. La autoescuela la revisará pronto."
      : `Se han enviado ${count} solicitudes de reserva. La autoescuela las revisará pronto.`;

// The booking wizard (spec §2, §4): 'Inicio' → 'Hora' → 'Confirmar'.
export function BookingWizard() {
  const router = useRouter();
  const assignments = useQuery(bookingQueries.assignments());
  const [step, setStep] = useState<WizardStep>(1);
  const [assignmentId, setAssignmentId] = useState<string | null>(null);
  const [durationSeconds, setDurationSeconds] = useState<number | null>(null);
  const [selection, setSelection] = useState<Slot[]>([]);
  const [weekStart, setWeekStart] = useState(() => startOfSpanishWeek(new Date()));
  // The phone's picker: the day it shows ('YYYY-MM-DD'), kept while the student goes to 'Confirmar' and back.
  const [day, setDay] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const hasAutoSelected = useRef(false);

  const searchParams = useSearchParams();

  // With a single assignment it is picked and step 2 opens (once: going back to step 1 stays there). A link that names
  // an instructor and a day (a freed-slot notification's) opens step 2 with them, on that day.
  useEffect(() => {
    const list = assignments.data;
    if (hasAutoSelected.current || !list) return;
    hasAutoSelected.current = true;
    const link = readBookingLink(searchParams);
    const linked = linkedAssignment(list, link);
    if (linked && link) {
      setAssignmentId(linked.id);
      if (link.date) {
        setDay(link.date);
        setWeekStart(linkedWeekStart(link.date));
      }
      setStep(2);
    } else if (list.length === 1) {
      setAssignmentId(list[0].id);
      setStep(2);
    }
  }, [assignments.data, searchParams]);

  // Each step starts at the top (the calendar step is long).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const assignment = assignments.data?.find((a) => a.id === assignmentId) ?? null;
  const onBack = () => (step === 1 ? router.push(RESERVATIONS_PATH) : setStep((s) => (s - 1) as WizardStep));
  const onSelectAssignment = (id: string) => {
    // A selection belongs to one instructor: picking another one starts over.
    if (id !== assignmentId) setSelection([]);
    setAssignmentId(id);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <WizardHeader step={step} onBack={onBack} />
      {step === 1 || !assignment ? (
        <AssignmentStep selectedId={assignmentId} onSelect={onSelectAssignment} onContinue={() => setStep(2)} />
      ) : step === 2 ? (
        <TimeStep
          assignment={assignment}
          durationSeconds={durationSeconds}
          onDurationChange={setDurationSeconds}
          selection={selection}
          onSelectionChange={setSelection}
          weekStart={weekStart}
          onWeekChange={setWeekStart}
          day={day}
          onDayChange={setDay}
          onContinue={() => setStep(3)}
        />
      ) : (
        <ConfirmStep
          assignment={assignment}
          selection={selection}
          message={message}
          onMessageChange={setMessage}
          onSelectionChange={setSelection}
          onNoSlotsLeft={() => setStep(2)}
          onChangeSlots={() => setStep(2)}
          onBooked={(count, isDirectMode) => {
            toast({ title: isDirectMode ? "Reserva confirmada" : "Reserva solicitada", description: bookedText(count, isDirectMode), variant: "success" });
            router.push(RESERVATIONS_PATH);
          }}
        />
      )}
    </div>
  );
}
