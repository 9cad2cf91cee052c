import { officeQueries } from "@/components/office/queries";
import { StudentFile } from "@/components/office/student-file";
import { FirstView } from "@/lib/bff/server-prefetch";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <FirstView queries={[officeQueries.studentFile("instructor", id)]}>
      <StudentFile studentId={id} viewer="instructor" />
    </FirstView>
  );
}
