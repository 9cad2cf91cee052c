"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ImpersonateButton } from "@/components/shell/impersonate-button";
import { PageHeader } from "@/components/shell/page-header";
import { apiGet } from "@/lib/api-client";
import { userListSchema } from "@/lib/contract/auth";
import { roleLabel } from "@/lib/session/roles";

export const userQueries = {
  list: () => ({ queryKey: ["administrator", "users"], queryFn: () => apiGet("/administrator/users", userListSchema), staleTime: 60_000 }),
};

export function UsersList() {
  const { data, isPending, error } = useQuery(userQueries.list());
  return (
    <>
      <PageHeader title="Usuarios" subtitle="Usuarios con acceso a la aplicación de la autoescuela" />
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      ) : isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <p className="text-muted-foreground">No hay usuarios</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Nombre</TableHead>
              <TableHead>Usuario</TableHead>
              <TableHead className="hidden sm:table-cell">DNI</TableHead>
              <TableHead>Rol</TableHead>
              <TableHead className="text-right">Acciones</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((user) => (
              <TableRow key={user.id}>
                <TableCell className="font-medium">{user.name}</TableCell>
                <TableCell>{user.username}</TableCell>
                <TableCell className="hidden sm:table-cell">{user.dni}</TableCell>
                <TableCell>
                  {user.roles.map((role) => (
                    <Badge key={role} variant="secondary" className="mr-1">
                      {roleLabel(role)}
                    </Badge>
                  ))}
                </TableCell>
                <TableCell className="text-right">
                  {user.canImpersonate ? <ImpersonateButton userId={user.id} userName={user.name} /> : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
