import { usersFirstView } from "@/components/admin/queries";
import { UsersList } from "@/components/admin/users-list";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorUsersPage() {
  return (
    <FirstView queries={usersFirstView()}>
      <UsersList />
    </FirstView>
  );
}
