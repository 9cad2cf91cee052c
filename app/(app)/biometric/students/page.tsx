import { studentsFirstView } from "@/components/biometric/queries";
import { StudentList } from "@/components/biometric/student-list";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={studentsFirstView()}>
      <StudentList />
    </FirstView>
  );
}
