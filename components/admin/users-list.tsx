"use client";

import Link from "next/link";
import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus, Search } from "lucide-react";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/ui/states";
import { useDebouncedValue } from "@/components/biometric/use-debounced-value";
import { ImpersonateButton } from "@/components/shell/impersonate-button";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import type { AdminUser, SetPasswordLink, UserKind } from "@/lib/contract/backoffice-users";
import { roleLabel } from "@/lib/session/roles";
import { NativeSelect } from "@/components/ui/native-select";
import { LoadMore } from "@/components/ui/load-more";
import { PasswordLinkDialog } from "./password-link-dialog";
import { USERS_LIST_OPENING, usersListQuery, type UsersListFilters } from "./queries";
import { UserActions } from "./user-actions";
import { UserFormDialog } from "./user-form-dialog";
import { PhoneLink } from "@/components/office/phone-link";

type UsersListProps = { fixedKind?: UserKind; title?: string; subtitle?: string };

// 'Usuarios' lists everyone; 'Alumnos' and 'Profesores' (issue 31 §1) are the same list held to one role.
export function UsersList({ fixedKind, title = "Usuarios", subtitle = "Alumnos, profesores y administradores de la autoescuela" }: UsersListProps = {}) {
  const [query, setQuery] = useState(USERS_LIST_OPENING.search);
  const search = useDebouncedValue(query.trim(), 300);
  const [kind, setKind] = useState<UsersListFilters["kind"]>(fixedKind ?? USERS_LIST_OPENING.kind);
  const [status, setStatus] = useState<UsersListFilters["status"]>(USERS_LIST_OPENING.status);
  // A page at a time by name; the search and filters run on the server and start again from the first page.
  const { data, isPending, error, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    usersListQuery({ search, kind, status }),
  );
  const rows = data?.pages.flatMap((p) => p.data) ?? [];
  const [editing, setEditing] = useState<AdminUser | "new" | null>(null);
  const [link, setLink] = useState<{ link: SetPasswordLink; name: string } | null>(null);
  const onLink = (l: SetPasswordLink, name: string) => setLink({ link: l, name });

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Nuevo usuario
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Buscar usuarios" placeholder="Buscar por nombre, usuario o DNI" value={query} onChange={(e) => setQuery(e.target.value)} className="pl-9" />
        </div>
        {fixedKind ? null : (
          <NativeSelect aria-label="Rol" value={kind} onChange={(e) => setKind(e.target.value as UserKind | "")} className="sm:w-44">
            <option value="">Todos los roles</option>
            <option value="student">Alumnos</option>
            <option value="instructor">Profesores</option>
            <option value="administrator">Administradores</option>
          </NativeSelect>
        )}
        <NativeSelect aria-label="Estado" value={status} onChange={(e) => setStatus(e.target.value as UsersListFilters["status"])} className="sm:w-40">
          <option value="active">Activos</option>
          <option value="inactive">Desactivados</option>
          <option value="all">Todos</option>
        </NativeSelect>
      </div>
      {error && !isFetchNextPageError ? (
        <ErrorState message={errorText(error)} />
      ) : isPending ? (
        <ListSkeleton rows={5} className="h-12" />
      ) : rows.length === 0 ? (
        <EmptyState message={search ? "Ningún usuario coincide con la búsqueda" : "No hay usuarios"} />
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nombre</TableHead>
                <TableHead>Usuario</TableHead>
                <TableHead>DNI</TableHead>
                <TableHead>Teléfono</TableHead>
                <TableHead>Rol</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} className={user.isActive ? undefined : "text-muted-foreground"}>
                  <TableCell stack="title" className="font-medium">
                    {user.kind === "student" ? (
                      <Link href={`/administrator/students/${user.id}`} className="inline-flex items-center underline-offset-4 hover:underline touch:min-h-11">
                        {user.name}
                      </Link>
                    ) : (
                      user.name
                    )}
                  </TableCell>
                  <TableCell label="Usuario">{user.username ?? <span className="text-muted-foreground">Sin acceso</span>}</TableCell>
                  <TableCell label="DNI">{user.dni}</TableCell>
                  <TableCell label="Teléfono">{user.phone ? <PhoneLink phone={user.phone} name={user.name} /> : <span className="text-muted-foreground">—</span>}</TableCell>
                  <TableCell label="Rol">
                    {user.roles.map((role) => (
                      <Badge key={role} variant="secondary" className="mr-1">
                        {roleLabel(role)}
                      </Badge>
                    ))}
                  </TableCell>
                  <TableCell label="Estado">
                    {!user.isActive ? (
                      <Badge variant="outline">Desactivado</Badge>
                    ) : user.username && !user.hasPassword ? (
                      <Badge variant="outline">Sin contraseña</Badge>
                    ) : (
                      <Badge variant="success">Activo</Badge>
                    )}
                  </TableCell>
                  <TableCell stack="actions" className="text-right whitespace-nowrap">
                    {user.canImpersonate ? <ImpersonateButton userId={user.id} userName={user.name} /> : null}
                    <UserActions user={user} onEdit={() => setEditing(user)} onLink={onLink} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <LoadMore
            hasMore={hasNextPage}
            isLoading={isFetchingNextPage}
            onLoad={() => void fetchNextPage()}
            error={isFetchNextPageError ? errorText(error) : null}
          />
        </div>
      )}
      <UserFormDialog
        key={editing === "new" ? "new" : editing?.id}
        user={editing === "new" || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        onLink={onLink}
      />
      <PasswordLinkDialog link={link?.link ?? null} name={link?.name ?? ""} onClose={() => setLink(null)} />
    </>
  );
}
