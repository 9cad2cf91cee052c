import { officeQueries } from "@/components/office/queries";
import { StudentFile } from "@/components/office/student-file";
import { FirstView } from "@/lib/bff/server-prefetch";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <FirstView queries={[officeQueries.studentFile("administrator", id), officeQueries.notes(id)]}>
      <StudentFile studentId={id} viewer="administrator" />
    </FirstView>
  );
}
