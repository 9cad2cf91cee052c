export const ROLE_STUDENT = "ROLE_ALUMNO";
export const ROLE_INSTRUCTOR = "ROLE_INSTRUCTOR";
export const ADMIN_ROLES = ["ROLE_ADMINISTRADOR", "ROLE_ADMINISTRATOR", "ROLE_SUPERADMIN"] as const;

export type Area = "student" | "instructor" | "administrator";

// The first matching role decides, in the order student, instructor, administrator (spec §2, §6).
export function primaryArea(roles: readonly string[]): Area | null {
  if (roles.includes(ROLE_STUDENT)) return "student";
  if (roles.includes(ROLE_INSTRUCTOR)) return "instructor";
  if (roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r))) return "administrator";
  return null;
}

export function isAdministrator(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r));
}

export function homePath(area: Area): string {
  switch (area) {
    case "student":
      return "/student/reservations";
    case "instructor":
      return "/instructor/dashboard";
    case "administrator":
      return "/administrator";
  }
}

// Which area a page path belongs to; null for paths every signed-in user may open.
export function areaOfPath(pathname: string): Area | null {
  if (pathname === "/student" || pathname.startsWith("/student/")) return "student";
  if (pathname === "/instructor" || pathname.startsWith("/instructor/")) return "instructor";
  if (/^\/(biometric|administrator)(\/|$)/.test(pathname)) return "administrator";
  return null;
}

export function roleLabel(role: string): string {
  if ((ADMIN_ROLES as readonly string[]).includes(role)) return "Administrador";
  if (role === ROLE_INSTRUCTOR) return "Instructor";
  if (role === ROLE_STUDENT) return "Alumno";
  return role;
}
