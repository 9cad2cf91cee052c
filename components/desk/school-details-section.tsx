"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { SchoolDetails, SchoolDetailsBody, schoolDetailsSchema } from "@/lib/contract/sales";
import { formatPhone } from "@/lib/format/phone";
import { schoolQueries } from "./queries";
import { salesContract } from "./sales-contract";

// Ajustes → 'Datos de la escuela': printed on the payment receipts; the hours and phone are what a student without card
// payments is told.
export function SchoolDetailsSection() {
  const { data, error } = useQuery(schoolQueries.details());
  return (
    <section aria-labelledby="school-details-title" className="mt-6 lg:max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle id="school-details-title">Datos de la escuela</CardTitle>
          <CardDescription>Aparecen en los justificantes de pago. El horario y el teléfono de la oficina se muestran a los alumnos para recargar su saldo.</CardDescription>
        </CardHeader>
        <CardContent>{error ? <ErrorState message={errorText(error)} /> : !data ? <ListSkeleton rows={2} /> : <DetailsForm key={JSON.stringify(data)} details={data} />}</CardContent>
      </Card>
    </section>
  );
}

const FIELDS = [
  { id: "legalName", label: "Razón social", placeholder: "Autoescuela Ejemplo S.L.", autoComplete: "organization" },
  { id: "taxId", label: "NIF", placeholder: "B12345674", autoComplete: "off" },
  { id: "address", label: "Dirección", placeholder: "Calle Mayor 1, 28001 Madrid", autoComplete: "street-address" },
  { id: "phone", label: "Teléfono de la oficina", placeholder: "912 34 56 78", autoComplete: "tel" },
] as const;

function DetailsForm({ details }: { details: SchoolDetails }) {
  const [values, setValues] = useState<Record<keyof SchoolDetails, string>>({ ...details, phone: details.phone ? formatPhone(details.phone) : "" });
  const [formError, setFormError] = useState<string | null>(null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: SchoolDetailsBody) => apiRequest<Answer<typeof schoolDetailsSchema>>("/administrator/school-details", { method: "PUT", json: body }),
    onSuccess: (saved) => {
      client.setQueryData(schoolQueries.details().queryKey, saved);
      toast({ title: "Datos de la escuela guardados", variant: "success" });
    },
  });
  const set = (k: keyof SchoolDetails) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const contract = await salesContract.load();
    if (!contract) return;
    const body = contract.schoolDetailsBodySchema.safeParse(values);
    if (!body.success) return setFormError(body.error.issues[0]?.message ?? "Los datos no son válidos");
    setFormError(null);
    save.mutate(values);
  };

  const error = formError ?? (save.error ? errorText(save.error) : null);
  return (
    <form onSubmit={onSubmit} onFocusCapture={salesContract.preload} noValidate className="grid gap-4" aria-label="Datos de la escuela">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.id} className="space-y-1.5">
            <Label htmlFor={`school-${f.id}`}>{f.label}</Label>
            <Input id={`school-${f.id}`} placeholder={f.placeholder} autoComplete={f.autoComplete} value={values[f.id]} onChange={set(f.id)} />
          </div>
        ))}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="school-officeHours">Horario de la oficina</Label>
        <Textarea id="school-officeHours" rows={2} placeholder="De lunes a viernes, de 9:00 a 14:00 y de 16:00 a 20:00" value={values.officeHours} onChange={set("officeHours")} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={save.isPending}>
        {save.isPending ? <Spinner aria-hidden /> : null}
        Guardar datos de la escuela
      </Button>
    </form>
  );
}
