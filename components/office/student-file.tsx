"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Contact, IdCard, Mail, Wallet } from "lucide-react";
import Link from "next/link";
import { formatBalance } from "@/components/balance/balance-amount";
import { useNow } from "@/components/reservations/use-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState, ListSkeleton, NotFoundState } from "@/components/ui/states";
import { ApiError, errorText } from "@/lib/api-client";
import type { StudentFile as File } from "@/lib/contract/people";
import { FileSection } from "./file-section";
import { OfficeNotes } from "./office-notes";
import { PhoneLink } from "./phone-link";
import { officeQueries } from "./queries";
import { CapSection, ExamsSection, LessonsSection, MovementsSection, PracticesSection } from "./student-file-sections";

type Viewer = "administrator" | "instructor";

const BACK: Record<Viewer, { href: string; label: string }> = {
  administrator: { href: "/administrator/students", label: "Volver a los alumnos" },
  instructor: { href: "/instructor/students", label: "Volver a mis alumnos" },
};

function ContactSection({ file }: { file: File }) {
  const { student } = file;
  return (
    <FileSection testId="student-file-contact" title="Contacto" icon={Contact} empty="" isEmpty={false}>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Teléfono</dt>
          <dd>{student.phone ? <PhoneLink phone={student.phone} name={student.name} /> : "Sin teléfono"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Correo electrónico</dt>
          <dd className="break-all">
            {student.email ? (
              <a href={`mailto:${student.email}`} className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline touch:min-h-11">
                <Mail className="size-4 shrink-0" aria-hidden />
                {student.email}
              </a>
            ) : (
              "Sin correo electrónico"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Usuario</dt>
          <dd>{student.username ?? "Sin acceso a la aplicación"}</dd>
        </div>
      </dl>
    </FileSection>
  );
}

function AssignmentsSection({ file }: { file: File }) {
  return (
    <FileSection testId="student-file-assignments" title="Profesores y permisos" icon={IdCard} empty="Sin profesor asignado" isEmpty={file.assignments.length === 0}>
      <ul className="divide-y">
        {file.assignments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium break-words">{a.instructor.name}</span>
              <span className="block text-muted-foreground">Permiso {a.license.name}</span>
            </span>
            {a.instructor.phone ? <PhoneLink phone={a.instructor.phone} name={a.instructor.name} /> : null}
          </li>
        ))}
      </ul>
    </FileSection>
  );
}

function BalanceSection({ file }: { file: File }) {
  return (
    <FileSection testId="student-file-balance" title="Saldo" icon={Wallet} empty="" isEmpty={false}>
      <p className="text-3xl font-bold tabular-nums">{formatBalance(file.balance)}</p>
    </FileSection>
  );
}

/** A student's page: for the office (with its private notes) and for the student's own instructors. */
export function StudentFile({ studentId, viewer }: { studentId: string; viewer: Viewer }) {
  const { data: file, error } = useQuery(officeQueries.studentFile(viewer, studentId));
  const now = useNow();
  const back = BACK[viewer];
  if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 422)) {
    return <NotFoundState message="Alumno no encontrado" backHref={back.href} backLabel={back.label} />;
  }
  if (error && !file) return <ErrorState message={errorText(error)} />;
  if (!file) return <ListSkeleton rows={4} className="h-32" />;
  const { student } = file;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Button asChild variant="ghost" className="-ml-3 h-11 sm:h-9">
          <Link href={back.href}>
            <ArrowLeft aria-hidden />
            {back.label}
          </Link>
        </Button>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{student.name}</h1>
          {student.isActive ? null : <Badge variant="outline">Desactivado</Badge>}
        </div>
        {student.dni ? <p className="text-muted-foreground">DNI {student.dni}</p> : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0 space-y-4">
          <ContactSection file={file} />
          <BalanceSection file={file} />
          <AssignmentsSection file={file} />
          {viewer === "administrator" ? <OfficeNotes studentId={studentId} /> : null}
          <MovementsSection file={file} />
        </div>
        <div className="min-w-0 space-y-4">
          <LessonsSection file={file} which="upcoming" now={now} canMove={viewer === "administrator"} />
          <LessonsSection file={file} which="past" now={now} />
          <PracticesSection file={file} />
          <ExamsSection file={file} />
          <CapSection file={file} />
        </div>
      </div>
    </div>
  );
}
