import { StudentList } from "@/components/biometric/student-list";

export default function Page() {
  return <StudentList />;
}
