"use client";

import { useEffect, useState } from "react";

import { formContracts } from "@/components/shell/lazy-contract";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorText } from "@/lib/api-client";
import type { CapStudent } from "@/lib/contract/cap";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormField, invalidProps } from "./form-field";
import { useSaveStudent } from "./use-student-mutations";

type Props = { student?: CapStudent; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Nuevo alumno' without a student, 'Editar alumno' with one. */
export function StudentFormDialog({ student, open, onOpenChange }: Props) {
  const title = student ? "Editar alumno" : "Nuevo alumno";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>El nombre, el primer apellido y el DNI/NIE son obligatorios.</DialogDescription>
        </DialogHeader>
        {open ? <StudentForm student={student} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = [
  { name: "firstname", label: "Nombre" },
  { name: "surname1", label: "Primer apellido" },
  { name: "surname2", label: "Segundo apellido (opcional)" },
  { name: "dni", label: "DNI/NIE" },
] as const;
type FieldName = (typeof FIELDS)[number]["name"];

function StudentForm({ student, onDone }: { student?: CapStudent; onDone: () => void }) {
  const save = useSaveStudent(student?.id);
  const [values, setValues] = useState<Record<FieldName, string>>({
    firstname: student?.firstname ?? "",
    surname1: student?.surname1 ?? "",
    surname2: student?.surname2 ?? "",
    dni: student?.dni ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(formContracts.cap.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    const parsed = contract.capStudentBodySchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast({ title: student ? "Alumno actualizado" : "Alumno creado", description: saved.fullname, variant: "success" });
        onDone();
      },
      onError: (error) => {
        // A duplicate or invalid DNI belongs next to the DNI field.
        if (error instanceof ApiError && (error.code === "DUPLICATE_DNI" || /dni/i.test(error.serverMessage ?? ""))) {
          setErrors({ dni: errorText(error) });
        }
      },
    });
  }

  const serverError = save.error && !errors.dni ? errorText(save.error) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {FIELDS.map(({ name, label }) => {
        const id = `student-${name}`;
        return (
          <FormField key={name} id={id} label={label} error={errors[name]}>
            <Input
              id={id}
              required={name !== "surname2"}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              autoCapitalize={name === "dni" ? "characters" : "words"}
              {...invalidProps(id, errors[name])}
            />
          </FormField>
        );
      })}
      {serverError ? (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Guardando..." : student ? "Guardar cambios" : "Crear alumno"}
        </Button>
      </DialogFooter>
    </form>
  );
}
