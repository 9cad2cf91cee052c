import type { Area } from "@/lib/session/roles";
import type { NavIconName } from "./nav-icons";

// Spec §3 navigation item: to, name, icon, badge, isExternalLink. The icon is named here and drawn by the server
// (nav-icons.tsx, whose table of names this type is): the menu's icons of every role were ~4 kB of every signed-in
// page's first-load JavaScript.
export type NavItem = { to: string; name: string; icon: NavIconName; badge?: number; isExternalLink?: boolean };

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
  administrator: [
    { to: "/", name: "Ir a la aplicación", icon: "external-link", isExternalLink: true },
    { to: "/biometric", name: "Cursos CAP", icon: "scan-face" },
    { to: "/biometric/students", name: "Alumnos", icon: "users" },
    { to: "/biometric/sections", name: "Secciones", icon: "building-2" },
    { to: "/administrator/users", name: "Usuarios", icon: "user-cog" },
    { to: "/administrator/licenses", name: "Permisos y asignaciones", icon: "id-card" },
    { to: "/administrator/vehicles", name: "Vehículos", icon: "car-front" },
    { to: "/administrator/balances", name: "Saldos", icon: "wallet" },
    { to: "/administrator/exams", name: "Exámenes", icon: "graduation-cap" },
    { to: "/administrator/content", name: "Biblioteca", icon: "book-open" },
    { to: "/administrator/settings", name: "Ajustes", icon: "settings" },
    { to: "/administrator/audit", name: "Registro de actividad", icon: "scroll-text" },
    { to: CHAT_PATHS.administrator, name: "Chat", icon: "message-square" },
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

export function isFullWidthPath(pathname: string): boolean {
  return pathname.includes("/chat");
}
