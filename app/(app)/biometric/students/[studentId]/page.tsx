import { StudentDetail } from "@/components/biometric/student-detail";

export default async function Page({ params }: { params: Promise<{ studentId: string }> }) {
  const { studentId } = await params;
  return <StudentDetail studentId={studentId} />;
}
