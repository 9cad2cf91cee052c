import { biometricQueries } from "@/components/biometric/queries";
import { SectionList } from "@/components/biometric/section-list";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[biometricQueries.sections()]}>
      <SectionList />
    </FirstView>
  );
}
