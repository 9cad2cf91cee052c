import { AuditLog } from "@/components/admin/audit-log";

export default function AdministratorAuditPage() {
  return <AuditLog />;
}
