// What a host that is no school of this server shows on every path: no school's name, logo or data.
export function UnknownSchool({ host }: { host: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Autoescuela no encontrada</h1>
      <p className="text-muted-foreground">
        La dirección <span className="font-medium text-foreground">{host}</span> no corresponde a ninguna autoescuela de
        este servidor.
      </p>
      <p className="text-muted-foreground">Revisa el enlace que te ha dado tu autoescuela.</p>
    </main>
  );
}
