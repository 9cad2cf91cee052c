import { fieldErrors } from "@/components/biometric/form-errors";
import { changePasswordBodySchema } from "@/lib/contract/auth";

export type PasswordValues = { currentPassword: string; newPassword: string; repeatPassword: string };
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

// Every field's problem at once, each for its own field (the API checks the same schema again).
export function passwordErrors(values: PasswordValues): PasswordErrors {
  const parsed = changePasswordBodySchema.safeParse(values);
  const errors: PasswordErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (values.newPassword === "") errors.newPassword = "La nueva contraseña es obligatoria";
  if (values.repeatPassword === "") errors.repeatPassword = "Repite la nueva contraseña";
  else if (values.repeatPassword !== values.newPassword) errors.repeatPassword = "Las contraseñas no coinciden";
  return errors;
}
