import { OfficeHome } from "@/components/office/office-home";
import { officeQueries } from "@/components/office/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// The administrator's landing (lib/session/roles.ts homePath).
export default function Page() {
  return (
    <FirstView queries={[officeQueries.home()]}>
      <OfficeHome />
    </FirstView>
  );
}
