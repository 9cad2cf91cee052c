import { usersFirstView } from "@/components/admin/queries";
import { UsersList } from "@/components/admin/users-list";
import { FirstView } from "@/lib/bff/server-prefetch";

// 'Alumnos': the users list held to the school's students; each name opens the student's page.
export default function Page() {
  return (
    <FirstView queries={usersFirstView("student")}>
      <UsersList fixedKind="student" title="Alumnos" subtitle="Los alumnos de la autoescuela: abre uno para ver su ficha" />
    </FirstView>
  );
}
