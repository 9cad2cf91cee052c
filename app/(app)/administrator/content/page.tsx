import { adminQueries } from "@/components/admin/queries";
import { ContentLibrary } from "@/components/content/content-library";
import { contentQueries } from "@/components/content/queries";
import { PageHeader } from "@/components/shell/page-header";
import { FirstView } from "@/lib/bff/server-prefetch";

// The library arrives drawn, like the students': no 'Cargando contenido...' while the browser reads both lists. Its
// first paint waited on the style and layout of ~1,000 elements until its rows became one menu each and its add forms
// opened on demand (docs/decisions.md#library-row-menu; docs/benchmarks.md, 2026-11-28 night).
export default function AdministratorContentPage() {
  return (
    <>
      <PageHeader title="Biblioteca" />
      <FirstView queries={[adminQueries.licenses(), contentQueries.library()]}>
        <ContentLibrary />
      </FirstView>
    </>
  );
}
