// Spec 000 §8 "Tenant info failure": the error message, or (in Spanish) 'No se pudo cargar la información de la autoescuela', where the school's
// name would be (the public pages, when neither the server nor the browser could read the school).
export function TenantFailure({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="text-sm text-destructive">
      {error.message}
    </p>
  ) : null;
}
