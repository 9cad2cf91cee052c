"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";

import { ImpersonateButton } from "@/components/shell/impersonate-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import type { CapStudent } from "@/lib/contract/cap";
import { BackHeader } from "./back-header";
import { BiometricReferenceCard } from "./biometric-reference-card";
import { biometricQueries, isNotFound } from "./queries";
import { ErrorState, NotFoundState } from "@/components/ui/states";
import { StudentAttendanceCard } from "./student-attendance-card";
import { StudentFormDialog } from "./student-form-dialog";

export function StudentDetail({ studentId }: { studentId: string }) {
  const { data: student, isPending, error } = useQuery(biometricQueries.student(studentId));
  const [isEditing, setIsEditing] = useState(false);

  if (isNotFound(error)) return <NotFoundState message="Alumno no encontrado" backHref="/biometric/students" backLabel="Volver a los alumnos" />;
  if (error) return <ErrorState message={errorText(error)} />;
  if (isPending) {
    return (
      <div className="grid gap-6">
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  return (
    <>
      <BackHeader
        backHref="/biometric/students"
        backLabel="Volver a los alumnos"
        title={student.fullname}
        subtitle={student.dni}
        actions={
          <>
            {/* Only students with a login can be impersonated. */}
            {student.username ? <ImpersonateButton userId={student.id} userName={student.fullname} /> : null}
            <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden />
              Editar alumno
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <StudentDataCard student={student} />
        <BiometricReferenceCard studentId={student.id} />
        <StudentAttendanceCard studentId={student.id} />
      </div>
      <StudentFormDialog student={student} open={isEditing} onOpenChange={setIsEditing} />
    </>
  );
}

function StudentDataCard({ student }: { student: CapStudent }) {
  const rows: [string, string][] = [
    ["Nombre", student.firstname],
    ["Primer apellido", student.surname1],
    ["Segundo apellido", student.surname2 ?? "—"],
    ["DNI/NIE", student.dni],
    ["Usuario", student.username ?? "Sin acceso a la aplicación"],
  ];
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>Datos del alumno</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_1fr] gap-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
