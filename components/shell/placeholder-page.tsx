import { Construction } from "lucide-react";
import { PageHeader } from "./page-header";

// A menu entry whose screen belongs to an issue that has not landed yet.
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-12 text-center text-muted-foreground">
        <Construction className="size-10" aria-hidden />
        <p>Esta sección estará disponible próximamente.</p>
      </div>
    </>
  );
}
