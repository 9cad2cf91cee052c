import { UsersList } from "@/components/admin/users-list";

export default function AdministratorUsersPage() {
  return <UsersList />;
}
