import { usersFirstView } from "@/components/admin/queries";
import { UsersList } from "@/components/admin/users-list";
import { FirstView } from "@/lib/bff/server-prefetch";

// 'Profesores': the users list held to the school's instructors.
export default function Page() {
  return (
    <FirstView queries={usersFirstView("instructor")}>
      <UsersList fixedKind="instructor" title="Profesores" subtitle="Los profesores de la autoescuela" />
    </FirstView>
  );
}
