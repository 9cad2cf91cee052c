import { CourseList } from "@/components/biometric/course-list";
import { biometricQueries } from "@/components/biometric/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[biometricQueries.courses()]}>
      <CourseList />
    </FirstView>
  );
}
