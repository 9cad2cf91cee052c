import { StudentContent } from "@/components/content/student-content";
import { PageHeader } from "@/components/shell/page-header";

export default function Page() {
  return (
    <>
      <PageHeader title="Contenidos" />
      <StudentContent />
    </>
  );
}
