// Spec §5 login validation, in the order the messages are shown.
export type LoginErrors = { username?: string; password?: string };

export function validateLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = "El nombre de usuario es obligatorio";
  if (!password) errors.password = "La contraseña es obligatoria";
  else if (password.length < 6) errors.password = "La contraseña debe tener al menos 6 caracteres";
  return errors;
}
