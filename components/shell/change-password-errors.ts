import { changePasswordBodySchema } from "@/lib/contract/auth";

export type PasswordValues = { currentPassword: string; newPassword: string; repeatPassword: string };
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

// Every field's problem at once, each for its own field (the API checks the same schema again).
export function passwordErrors(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const issue of changePasswordBodySchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as keyof PasswordValues;
    errors[field] ??= issue.message;
  }
  if (values.newPassword === "") errors.newPassword = "La nueva contraseña es obligatoria";
  if (values.repeatPassword === "") errors.repeatPassword = "Repite la nueva contraseña";
  else if (values.repeatPassword !== values.newPassword) errors.repeatPassword = "Las contraseñas no coinciden";
  return errors;
}
