"use client";

import { useEffect, useState } from "react";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import { fieldErrors, type FieldErrors } from "@/components/biometric/form-errors";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { ApiError, apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type { adminUserSchema, AdminUser, SetPasswordLink, setPasswordLinkSchema, userWithLinkSchema } from "@/lib/contract/backoffice-users";
import { NativeSelect } from "@/components/ui/native-select";
import { formatPhone } from "@/lib/format/phone";
import { useAdminMutation } from "./use-admin-mutation";

type Props = { user?: AdminUser; open: boolean; onOpenChange: (open: boolean) => void; onLink: (link: SetPasswordLink, name: string) => void };

export function UserFormDialog({ user, open, onOpenChange, onLink }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{user ? "Editar usuario" : "Nuevo usuario"}</DialogTitle>
          <DialogDescription>Nombre, primer apellido, DNI/NIE y rol son obligatorios. Sin nombre de usuario no podrá entrar en la aplicación.</DialogDescription>
        </DialogHeader>
        {open ? <UserForm user={user} onDone={() => onOpenChange(false)} onLink={onLink} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const TEXT_FIELDS = [
  { name: "firstName", label: "Nombre" },
  { name: "surname1", label: "Primer apellido" },
  { name: "surname2", label: "Segundo apellido (opcional)" },
  { name: "dni", label: "DNI/NIE" },
  { name: "email", label: "Correo electrónico (opcional)" },
  { name: "phone", label: "Teléfono (opcional)" },
  { name: "username", label: "Nombre de usuario" },
] as const;

function UserForm({ user, onDone, onLink }: { user?: AdminUser; onDone: () => void; onLink: Props["onLink"] }) {
  const [values, setValues] = useState({
    firstName: user?.firstName ?? "",
    surname1: user?.surname1 ?? "",
    surname2: user?.surname2 ?? "",
    dni: user?.dni ?? "",
    email: user?.email ?? "",
    phone: user?.phone ? formatPhone(user.phone) : "",
    username: user?.username ?? "",
    kind: user?.kind ?? "student",
    access: "link",
    password: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation(
    (body: Record<string, unknown>) =>
      user
        ? apiRequest<Answer<typeof adminUserSchema>>(`/administrator/users/${user.id}`, { method: "PUT", json: body }).then(async (u) => ({
            user: u,
            // A user who just got a username (a CAP student, say) also gets the link to choose a password; an
            // administrator's is their own (the API refuses it).
            link: !user.username && u.username && !u.hasPassword && u.kind !== "administrator" ? await apiPost<Answer<typeof setPasswordLinkSchema>>(`/administrator/users/${u.id}/password-link`, {}) : null,
          }))
        : apiPost<Answer<typeof userWithLinkSchema>>("/administrator/users", body),
    (r) => (user ? "Usuario actualizado" : `Usuario creado: ${r.user.name}`),
  );
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const hasLogin = values.username.trim() !== "";

  useEffect(formContracts.backofficeUsers.preload, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.backofficeUsers.load();
    if (!contract) return;
    const body = { ...values, access: hasLogin ? values.access : "none", password: values.access === "password" && hasLogin ? values.password : undefined };
    const parsed = contract.createUserBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const { access, password, ...rest } = body;
    save.mutate(user ? rest : { ...rest, access, password }, {
      onSuccess: (r) => {
        onDone();
        if (r.link) onLink(r.link, r.user.name);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "DUPLICATE_DNI") setErrors({ dni: error.serverMessage ?? "" });
        if (error instanceof ApiError && error.code === "DUPLICATE_USERNAME") setErrors({ username: error.serverMessage ?? "" });
        if (error instanceof ApiError && error.code === "EMAIL_IN_USE") setErrors({ email: error.serverMessage ?? "" });
      },
    });
  }

  const fieldError = Object.keys(errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="user-kind" label="Rol" error={errors.kind}>
        <NativeSelect id="user-kind" value={values.kind} onChange={(e) => set("kind", e.target.value)}>
          <option value="student">Alumno</option>
          <option value="instructor">Profesor</option>
          <option value="administrator">Administrador</option>
        </NativeSelect>
      </FormField>
      {TEXT_FIELDS.map(({ name, label }) => (
        <FormField key={name} id={`user-${name}`} label={label} error={errors[name]}>
          <Input
            id={`user-${name}`}
            value={values[name]}
            onChange={(e) => set(name, e.target.value)}
            autoComplete="off"
            {...(name === "email" ? { type: "email", inputMode: "email" as const, spellCheck: false } : {})}
            {...(name === "phone" ? { type: "tel", inputMode: "tel" as const, placeholder: "612 34 56 78" } : {})}
            autoCapitalize={name === "dni" ? "characters" : name === "username" || name === "email" ? "none" : "words"}
            {...invalidProps(`user-${name}`, errors[name])}
          />
        </FormField>
      ))}
      {!user && hasLogin ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Acceso</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="access" checked={values.access === "link"} onChange={() => set("access", "link")} />
            Generar un enlace para que establezca su contraseña (caduca en 72 horas)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="access" checked={values.access === "password"} onChange={() => set("access", "password")} />
            Escribir una contraseña inicial
          </label>
          {values.access === "password" ? (
            <FormField id="user-password" label="Contraseña inicial" error={errors.password}>
              <Input id="user-password" type="password" autoComplete="new-password" value={values.password} onChange={(e) => set("password", e.target.value)} {...invalidProps("user-password", errors.password)} />
            </FormField>
          ) : null}
        </fieldset>
      ) : null}
      <FormDialogFooter
        error={fieldError ? null : save.error}
        isPending={save.isPending}
        submitText={user ? "Guardar cambios" : "Crear usuario"}
        pendingText="Guardando..."
        onCancel={onDone}
      />
    </form>
  );
}
