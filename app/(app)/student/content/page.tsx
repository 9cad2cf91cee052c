import { contentQueries } from "@/components/content/queries";
import { StudentContent } from "@/components/content/student-content";
import { PageHeader } from "@/components/shell/page-header";
import { FirstView } from "@/lib/bff/server-prefetch";

// The library arrives drawn: its licences and categories are the page's largest element (issue 13). The browser reads
// it itself, with 'Cargando contenido...' and the spec's error screen, only when the server could not.
export default function Page() {
  return (
    <>
      <PageHeader title="Contenidos" />
      <FirstView queries={[contentQueries.student()]}>
        <StudentContent />
      </FirstView>
    </>
  );
}
