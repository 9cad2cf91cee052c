"use client";

import { useEffect, useState } from "react";

import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import type { Section } from "@/lib/contract/cap";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormDialogFooter } from "./form-dialog-footer";
import { FormField, invalidProps } from "./form-field";
import { useSaveSection } from "./use-sections";

type Props = { section?: Section; open: boolean; onOpenChange: (open: boolean) => void };

export function SectionFormDialog({ section, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{section ? "Editar sección" : "Nueva sección"}</DialogTitle>
          <DialogDescription>
            El número de autorización del centro es el que asigna el Ministerio de Transportes; se incluye en el informe de asistencia.
          </DialogDescription>
        </DialogHeader>
        {open ? <SectionForm section={section} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SectionForm({ section, onDone }: { section?: Section; onDone: () => void }) {
  const save = useSaveSection(section?.id);
  const [name, setName] = useState(section?.name ?? "");
  const [authorizationNumber, setAuthorizationNumber] = useState(section?.authorizationNumber ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(formContracts.cap.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    const parsed = contract.sectionBodySchema.safeParse({ name, authorizationNumber });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast({ title: section ? "Sección actualizada" : "Sección creada", description: saved.name, variant: "success" });
        onDone();
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="section-name" label="Nombre" error={errors.name}>
        <Input id="section-name" required value={name} onChange={(e) => setName(e.target.value)} {...invalidProps("section-name", errors.name)} />
      </FormField>
      <FormField id="section-authorization" label="Número de autorización del centro" error={errors.authorizationNumber}>
        <Input
          id="section-authorization"
          value={authorizationNumber}
          onChange={(e) => setAuthorizationNumber(e.target.value)}
          {...invalidProps("section-authorization", errors.authorizationNumber)}
        />
      </FormField>
      <FormDialogFooter error={save.error} isPending={save.isPending} submitText="Guardar" pendingText="Guardando..." onCancel={onDone} />
    </form>
  );
}
