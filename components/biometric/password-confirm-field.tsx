"use client";

import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { RECORD_ERRORS } from "@/lib/contract/constants/cap";
import { FormField, invalidProps } from "./form-field";

type Props = { id: string; value: string; error?: string; onChange: (value: string) => void };

// The administrator's own password again, before a time goes on record without a face verification (issue 30).
export function PasswordConfirmField({ id, value, error, onChange }: Props) {
  return (
    <FormField id={id} label="Tu contraseña" error={error} hint="Confirma con tu contraseña de administrador: queda registrado quién lo hizo.">
      <Input id={id} type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} {...invalidProps(id, error)} />
    </FormField>
  );
}

/** A wrong password is shown under the field; every other refusal in the form's footer. */
export function splitPasswordError(error: unknown): { password?: string; footer: unknown } {
  if (error instanceof ApiError && (error.code === RECORD_ERRORS.invalidPassword || error.code === "TOO_MANY_ATTEMPTS")) {
    return { password: error.serverMessage ?? "La contraseña no es correcta", footer: null };
  }
  return { footer: error };
}
