"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { fieldErrors, type FieldErrors } from "@/components/biometric/form-errors";
import { instructorQueries } from "@/components/instructor/queries";
import { toast } from "@/components/ui/use-toast";
import { apiPost, type Answer } from "@/lib/api-client";
import type { instructorPracticeSchema, FinishPracticeBody, ManualPracticeBody } from "@/lib/contract/practices";
import { SIGNATURE_ERRORS, type PracticeFieldValues } from "./practice-fields";
import { practiceQueries } from "./queries";

/** The contract's verdict on a form, with the missing signatures named. */
export function checkPracticeForm<S extends z.ZodType>(schema: S, body: unknown, values: PracticeFieldValues): { data?: z.infer<S>; errors: FieldErrors } {
  const parsed = schema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!values.studentSignature) errors.studentSignature = SIGNATURE_ERRORS.studentSignature;
  if (!values.instructorSignature) errors.instructorSignature = SIGNATURE_ERRORS.instructorSignature;
  return parsed.success && Object.keys(errors).length === 0 ? { data: parsed.data, errors } : { errors };
}

type Request = { kind: "finish"; body: FinishPracticeBody } | { kind: "manual"; body: ManualPracticeBody };

// POST /instructor/practices (from a reservation) or /instructor/practices/manual; the server error shows in the form.
export function useRecordPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Request) =>
      apiPost<Answer<typeof instructorPracticeSchema>>(request.kind === "finish" ? "/instructor/practices" : "/instructor/practices/manual", request.body),
    onSuccess: () => toast({ title: "Práctica finalizada", description: "La práctica se ha registrado correctamente.", variant: "success" }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: practiceQueries.all() }),
        client.invalidateQueries({ queryKey: instructorQueries.all() }),
      ]),
  });
}
