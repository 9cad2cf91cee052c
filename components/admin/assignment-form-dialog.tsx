"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import { FormField } from "@/components/biometric/form-field";
import { useDebouncedValue } from "@/components/biometric/use-debounced-value";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { apiPost, type Answer } from "@/lib/api-client";
import type { adminAssignmentSchema } from "@/lib/contract/backoffice";
import { NativeSelect } from "@/components/ui/native-select";
import { adminQueries } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

export function AssignmentFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nueva asignación</DialogTitle>
          <DialogDescription>Elige el alumno, el profesor y uno de los permisos que imparte.</DialogDescription>
        </DialogHeader>
        {open ? <AssignmentForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignmentForm({ onDone }: { onDone: () => void }) {
  const [studentQuery, setStudentQuery] = useState("");
  const search = useDebouncedValue(studentQuery.trim(), 300);
  const students = useQuery(adminQueries.users({ kind: "student", status: "active", search: search || undefined, limit: 50 }));
  const instructors = useQuery(adminQueries.users({ kind: "instructor", status: "active", limit: 100 }));
  const licenses = useQuery(adminQueries.licenses());
  const [values, setValues] = useState({ studentId: "", instructorId: "", licenseId: "" });
  const taught = (licenses.data ?? []).filter((l) => l.instructorIds.includes(values.instructorId));
  const save = useAdminMutation((body: typeof values) => apiPost<Answer<typeof adminAssignmentSchema>>("/administrator/assignments", body), (a) => `Asignado: ${a.student.name} con ${a.instructor.name}`);

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(values, { onSuccess: onDone });
      }}
    >
      <FormField id="assignment-student-search" label="Buscar alumno">
        <Input id="assignment-student-search" type="search" placeholder="Nombre, usuario o DNI" value={studentQuery} onChange={(e) => setStudentQuery(e.target.value)} />
      </FormField>
      <FormField id="assignment-student" label="Alumno">
        <NativeSelect id="assignment-student" required value={values.studentId} onChange={(e) => setValues((v) => ({ ...v, studentId: e.target.value }))}>
          <option value="">Elige un alumno…</option>
          {students.data?.data.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.dni ? ` (${s.dni})` : ""}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="assignment-instructor" label="Profesor">
        <NativeSelect id="assignment-instructor" required value={values.instructorId} onChange={(e) => setValues((v) => ({ ...v, instructorId: e.target.value, licenseId: "" }))}>
          <option value="">Elige un profesor…</option>
          {instructors.data?.data.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="assignment-license"
        label="Permiso"
        hint={values.instructorId && taught.length === 0 ? "Este profesor no imparte ningún permiso todavía." : undefined}
      >
        <NativeSelect id="assignment-license" required value={values.licenseId} onChange={(e) => setValues((v) => ({ ...v, licenseId: e.target.value }))} disabled={!values.instructorId}>
          <option value="">Elige un permiso…</option>
          {taught.map((l) => (
            <option key={l.id} value={l.id}>
              Permiso {l.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormDialogFooter error={save.error} isPending={save.isPending} submitText="Asignar" pendingText="Guardando..." onCancel={onDone} />
    </form>
  );
}
