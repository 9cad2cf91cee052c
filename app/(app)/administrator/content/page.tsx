import { ContentLibrary } from "@/components/content/content-library";
import { PageHeader } from "@/components/shell/page-header";

export default function AdministratorContentPage() {
  return (
    <>
      <PageHeader title="Biblioteca" />
      <ContentLibrary />
    </>
  );
}
