"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import { fieldErrors, type FieldErrors } from "@/components/biometric/form-errors";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type { Vehicle, vehicleSchema } from "@/lib/contract/backoffice";
import { NativeSelect } from "@/components/ui/native-select";
import { adminQueries } from "./queries";
import { useAdminMutation } from "./use-admin-mutation";

type Props = { vehicle?: Vehicle; open: boolean; onOpenChange: (open: boolean) => void };

export function VehicleFormDialog({ vehicle, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{vehicle ? "Editar vehículo" : "Nuevo vehículo"}</DialogTitle>
          <DialogDescription>Matrícula española (1234 BCD o el formato provincial antiguo, M 1234 AB).</DialogDescription>
        </DialogHeader>
        {open ? <VehicleForm vehicle={vehicle} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle?: Vehicle; onDone: () => void }) {
  const licenses = useQuery(adminQueries.licenses());
  const [values, setValues] = useState({
    plate: vehicle?.plate ?? "",
    description: vehicle?.description ?? "",
    licenseId: vehicle?.license?.id ?? "",
    isActive: vehicle?.isActive ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation(
    (body: unknown) =>
      vehicle ? apiRequest<Answer<typeof vehicleSchema>>(`/administrator/vehicles/${vehicle.id}`, { method: "PUT", json: body }) : apiPost<Answer<typeof vehicleSchema>>("/administrator/vehicles", body),
    (v) => (vehicle ? `Vehículo ${v.plate} guardado` : `Vehículo ${v.plate} añadido`),
  );
  useEffect(formContracts.backoffice.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.backoffice.load();
    if (!contract) return;
    const body = { ...values, licenseId: values.licenseId || null };
    const parsed = contract.vehicleBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(body, { onSuccess: onDone });
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="vehicle-plate" label="Matrícula" error={errors.plate}>
        <Input id="vehicle-plate" value={values.plate} autoCapitalize="characters" onChange={(e) => setValues((v) => ({ ...v, plate: e.target.value }))} {...invalidProps("vehicle-plate", errors.plate)} />
      </FormField>
      <FormField id="vehicle-description" label="Descripción (opcional)" error={errors.description}>
        <Input id="vehicle-description" placeholder="Seat Ibiza" value={values.description} onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))} />
      </FormField>
      <FormField id="vehicle-license" label="Permiso">
        <NativeSelect id="vehicle-license" value={values.licenseId} onChange={(e) => setValues((v) => ({ ...v, licenseId: e.target.value }))}>
          <option value="">Sin permiso</option>
          {licenses.data?.map((l) => (
            <option key={l.id} value={l.id}>
              Permiso {l.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.isActive} onChange={(e) => setValues((v) => ({ ...v, isActive: e.target.checked }))} />
        Activo (se ofrece al registrar prácticas)
      </label>
      <FormDialogFooter error={Object.keys(errors).length ? null : save.error} isPending={save.isPending} submitText={vehicle ? "Guardar cambios" : "Añadir vehículo"} pendingText="Guardando..." onCancel={onDone} />
    </form>
  );
}
