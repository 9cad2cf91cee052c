import {
  BookOpen,
  Building2,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CarFront,
  ClipboardCheck,
  Clock,
  ExternalLink,
  GraduationCap,
  History,
  House,
  IdCard,
  MessageSquare,
  ScanFace,
  ScrollText,
  Settings,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import type { Area } from "@/lib/session/roles";

// Spec §3 navigation item: to, name, icon, badge, isExternalLink.
export type NavItem = { to: string; name: string; icon: LucideIcon; badge?: number; isExternalLink?: boolean };

const CHAT_PATHS: Record<Area, string> = {
  student: "/student/chat",
  instructor: "/instructor/chat",
  administrator: "/administrator/chat",
};

export const NAV_ITEMS: Record<Area, NavItem[]> = {
  student: [
    { to: "/student/reservations", name: "Reservas", icon: CalendarCheck },
    { to: CHAT_PATHS.student, name: "Chat", icon: MessageSquare },
    { to: "/student/practices/history", name: "Historial de prácticas", icon: History },
    { to: "/student/balance/history", name: "Mi saldo", icon: Wallet },
    { to: "/student/calendar", name: "Mi calendario", icon: CalendarDays },
    { to: "/student/exams/results", name: "Resultados de exámenes", icon: ClipboardCheck },
    { to: "/student/exams/upcoming", name: "Próximos exámenes", icon: CalendarClock },
    { to: "/student/content", name: "Contenidos", icon: BookOpen },
  ],
  instructor: [
    { to: "/instructor/dashboard", name: "Inicio", icon: House },
    { to: CHAT_PATHS.instructor, name: "Chat", icon: MessageSquare },
    { to: "/instructor/calendar", name: "Mi calendario", icon: CalendarDays },
    { to: "/instructor/students", name: "Mis alumnos", icon: Users },
    { to: "/instructor/reservations", name: "Mis reservas", icon: CalendarCheck },
    { to: "/instructor/practices", name: "Prácticas finalizadas", icon: CarFront },
    { to: "/instructor/exams", name: "Exámenes", icon: GraduationCap },
    { to: "/instructor/schedule", name: "Mi horario", icon: Clock },
  ],
  administrator: [
    { to: "/", name: "Ir a la aplicación", icon: ExternalLink, isExternalLink: true },
    { to: "/biometric", name: "Cursos CAP", icon: ScanFace },
    { to: "/biometric/students", name: "Alumnos", icon: Users },
    { to: "/biometric/sections", name: "Secciones", icon: Building2 },
    { to: "/administrator/users", name: "Usuarios", icon: UserCog },
    { to: "/administrator/licenses", name: "Permisos y asignaciones", icon: IdCard },
    { to: "/administrator/vehicles", name: "Vehículos", icon: CarFront },
    { to: "/administrator/balances", name: "Saldos", icon: Wallet },
    { to: "/administrator/exams", name: "Exámenes", icon: GraduationCap },
    { to: "/administrator/content", name: "Biblioteca", icon: BookOpen },
    { to: "/administrator/settings", name: "Ajustes", icon: Settings },
    { to: "/administrator/audit", name: "Registro de actividad", icon: ScrollText },
    { to: CHAT_PATHS.administrator, name: "Chat", icon: MessageSquare },
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
