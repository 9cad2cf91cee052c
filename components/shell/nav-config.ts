import type { Area } from "@/lib/session/roles";

/** The icons a navigation item can name; nav-icons.tsx draws each (its table must cover exactly these). */
export type NavIconName =
  | "book-open"
  | "building-2"
  | "calendar-check"
  | "calendar-clock"
  | "calendar-days"
  | "car-front"
  | "clipboard-check"
  | "clock"
  | "contact"
  | "graduation-cap"
  | "history"
  | "house"
  | "id-card"
  | "message-square"
  | "scan-face"
  | "scroll-text"
  | "settings"
  | "user-cog"
  | "users"
  | "users-round"
  | "wallet";

// Spec §3 navigation item: to, name, icon, badge, isExternalLink. The icon is named here and drawn by the server
// (nav-icons.tsx): the menu's icons of every role were ~4 kB of every signed-in page's first-load JavaScript.
// `group` heads a run of items in the menu (the office's menu is grouped, issue 31 §1); a role without groups has none.
export type NavItem = { to: string; name: string; icon: NavIconName; badge?: number; isExternalLink?: boolean; group?: string };

const CHAT_PATHS: Record<Area, string> = {
  student: "/student/chat",
  instructor: "/instructor/chat",
  administrator: "/administrator/chat",
};

export const NAV_ITEMS: Record<Area, NavItem[]> = {
  student: [
    { to: "/student/reservations", name: "Reservas", icon: "calendar-check" },
    { to: CHAT_PATHS.student, name: "Chat", icon: "message-square" },
    { to: "/student/practices/history", name: "Historial de prácticas", icon: "history" },
    { to: "/student/balance/history", name: "Mi saldo", icon: "wallet" },
    { to: "/student/calendar", name: "Mi calendario", icon: "calendar-days" },
    { to: "/student/exams/results", name: "Resultados de exámenes", icon: "clipboard-check" },
    { to: "/student/exams/upcoming", name: "Próximos exámenes", icon: "calendar-clock" },
    { to: "/student/content", name: "Contenidos", icon: "book-open" },
  ],
  instructor: [
    { to: "/instructor/dashboard", name: "Inicio", icon: "house" },
    { to: CHAT_PATHS.instructor, name: "Chat", icon: "message-square" },
    { to: "/instructor/calendar", name: "Mi calendario", icon: "calendar-days" },
    { to: "/instructor/students", name: "Mis alumnos", icon: "users" },
    { to: "/instructor/reservations", name: "Mis reservas", icon: "calendar-check" },
    { to: "/instructor/practices", name: "Prácticas finalizadas", icon: "car-front" },
    { to: "/instructor/exams", name: "Exámenes", icon: "graduation-cap" },
    { to: "/instructor/schedule", name: "Mi horario", icon: "clock" },
  ],
  // Issue 31 §1: grouped, with names that say what each is ('Alumnos' are the school's, 'Alumnos CAP' the courses').
  // No 'Ir a la aplicación': it pointed at '/', which sends the office back to its own home ('Inicio').
  administrator: [
    { to: "/administrator", name: "Inicio", icon: "house", group: "Escuela" },
    { to: "/administrator/students", name: "Alumnos", icon: "users", group: "Escuela" },
    { to: "/administrator/instructors", name: "Profesores", icon: "contact", group: "Escuela" },
    { to: "/administrator/vehicles", name: "Vehículos", icon: "car-front", group: "Escuela" },
    { to: "/administrator/licenses", name: "Permisos y asignaciones", icon: "id-card", group: "Escuela" },
    { to: "/administrator/balances", name: "Caja y saldos", icon: "wallet", group: "Operaciones" },
    { to: "/administrator/exams", name: "Exámenes", icon: "graduation-cap", group: "Operaciones" },
    { to: "/administrator/content", name: "Contenidos", icon: "book-open", group: "Operaciones" },
    { to: CHAT_PATHS.administrator, name: "Chat", icon: "message-square", group: "Operaciones" },
    { to: "/biometric", name: "Cursos CAP", icon: "scan-face", group: "CAP" },
    { to: "/biometric/sections", name: "Secciones", icon: "building-2", group: "CAP" },
    { to: "/biometric/students", name: "Alumnos CAP", icon: "users-round", group: "CAP" },
    { to: "/administrator/users", name: "Usuarios", icon: "user-cog", group: "Administración" },
    { to: "/administrator/settings", name: "Ajustes", icon: "settings", group: "Administración" },
    { to: "/administrator/audit", name: "Registro de actividad", icon: "scroll-text", group: "Administración" },
  ],
};

// The Chat item carries the unread count when above zero (spec §2 layout).
export function navItemsFor(area: Area | null, unreadCount = 0): NavItem[] {
  if (!area) return [];
  return NAV_ITEMS[area].map((item) =>
    item.to === CHAT_PATHS[area] && unreadCount > 0 ? { ...item, badge: unreadCount } : item,
  );
}

// The current route's item: the longest matching prefix ('/biometric' must not light up on '/biometric/students').
export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  return items
    .filter((i) => !i.isExternalLink && (pathname === i.to || pathname.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/** The menu in its groups, in order; items without a group form one untitled run. */
export function navGroups(items: NavItem[]): { title: string | null; items: NavItem[] }[] {
  const groups: { title: string | null; items: NavItem[] }[] = [];
  for (const item of items) {
    const title = item.group ?? null;
    const last = groups.at(-1);
    if (last && last.title === title) last.items.push(item);
    else groups.push({ title, items: [item] });
  }
  return groups;
}

export function isFullWidthPath(pathname: string): boolean {
  return pathname.includes("/chat");
}
