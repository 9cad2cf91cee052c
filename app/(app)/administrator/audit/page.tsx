import { AuditLog } from "@/components/admin/audit-log";
import { auditFirstView } from "@/components/admin/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorAuditPage() {
  return (
    <FirstView queries={auditFirstView()}>
      <AuditLog />
    </FirstView>
  );
}
