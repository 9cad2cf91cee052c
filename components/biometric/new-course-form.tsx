"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formContracts } from "@/components/shell/lazy-contract";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import { BackHeader } from "./back-header";
import { fieldErrors, type FieldErrors } from "./form-errors";
import { FormField, invalidProps } from "./form-field";
import { biometricQueries } from "./queries";
import { useCreateCourse } from "./use-course-mutations";

const EMPTY = { name: "", code: "", sectionId: "", start: "", end: "" };

export function NewCourseForm() {
  const router = useRouter();
  const sections = useQuery(biometricQueries.sections());
  const createCourse = useCreateCourse();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.cap.load();
    if (!contract) return;
    const parsed = contract.createCapCourseBodySchema.safeParse({
      ...values,
      sectionId: values.sectionId || undefined,
      start: values.start || undefined,
      end: values.end || undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    createCourse.mutate(parsed.data, {
      onSuccess: (course) => {
        toast({ title: "Curso creado", description: course.name, variant: "success" });
        router.push(`/biometric/courses/${course.id}`);
      },
    });
  }

  return (
    <>
      <BackHeader backHref="/biometric" backLabel="Volver a los cursos" title="Nuevo curso CAP" />
      <Card className="max-w-2xl">
        <form onSubmit={onSubmit} onFocusCapture={formContracts.cap.preload} noValidate>
          <CardContent className="grid gap-5">
            <FormField id="course-name" label="Nombre" error={errors.name}>
              <Input id="course-name" required value={values.name} onChange={(e) => set("name")(e.target.value)} {...invalidProps("course-name", errors.name)} />
            </FormField>
            <FormField id="course-code" label="Código" error={errors.code}>
              <Input id="course-code" required value={values.code} onChange={(e) => set("code")(e.target.value)} {...invalidProps("course-code", errors.code)} />
            </FormField>
            <FormField id="course-section" label="Sección" error={errors.sectionId}>
              {sections.isPending ? (
                <Skeleton className="h-9 w-full" />
              ) : sections.data && sections.data.length > 0 ? (
                <NativeSelect id="course-section" value={values.sectionId} onChange={(e) => set("sectionId")(e.target.value)} {...invalidProps("course-section", errors.sectionId)}>
                  <option value="" disabled>
                    Selecciona una sección
                  </option>
                  {sections.data.map((section) => (
                    <option key={section.id} value={section.id}>
                      {section.name}
                    </option>
                  ))}
                </NativeSelect>
              ) : sections.error ? (
                <p className="text-sm text-destructive">{errorText(sections.error)}</p>
              ) : (
                <p className="text-sm text-muted-foreground">
                  No hay secciones.{" "}
                  <Link href="/biometric/sections" className="font-medium text-primary underline-offset-4 hover:underline">
                    Crea una sección
                  </Link>{" "}
                  antes de crear el curso.
                </p>
              )}
            </FormField>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="course-start" label="Fecha de inicio" error={errors.start}>
                <Input id="course-start" type="date" required value={values.start} onChange={(e) => set("start")(e.target.value)} {...invalidProps("course-start", errors.start)} />
              </FormField>
              <FormField id="course-end" label="Fecha de fin" error={errors.end}>
                <Input
                  id="course-end"
                  type="date"
                  required
                  min={values.start || undefined}
                  value={values.end}
                  onChange={(e) => set("end")(e.target.value)}
                  {...invalidProps("course-end", errors.end)}
                />
              </FormField>
            </div>
            {createCourse.error ? (
              <Alert variant="destructive">
                <AlertDescription>{errorText(createCourse.error)}</AlertDescription>
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter className="mt-6 justify-end gap-2">
            <Button asChild variant="outline">
              <Link href="/biometric">Cancelar</Link>
            </Button>
            <Button type="submit" disabled={createCourse.isPending}>
              {createCourse.isPending ? "Creando..." : "Crear curso"}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
