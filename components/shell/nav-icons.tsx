import {
  BookOpen,
  Building2,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CarFront,
  ClipboardCheck,
  Clock,
  Contact,
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
  UsersRound,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import type { Area } from "@/lib/session/roles";
import { NAV_ITEMS, type NavIconName } from "./nav-config";

// Every name nav-config.ts allows, and no other (`satisfies` refuses a missing or an extra one).
const ICONS = {
  "book-open": BookOpen,
  "building-2": Building2,
  "calendar-check": CalendarCheck,
  "calendar-clock": CalendarClock,
  "calendar-days": CalendarDays,
  "car-front": CarFront,
  "clipboard-check": ClipboardCheck,
  clock: Clock,
  contact: Contact,
  "graduation-cap": GraduationCap,
  history: History,
  house: House,
  "id-card": IdCard,
  "message-square": MessageSquare,
  "scan-face": ScanFace,
  "scroll-text": ScrollText,
  settings: Settings,
  "user-cog": UserCog,
  users: Users,
  "users-round": UsersRound,
  wallet: Wallet,
} satisfies Record<NavIconName, LucideIcon>;

export type NavIcons = Partial<Record<NavIconName, React.ReactNode>>;

/**
 * The menu's icons of one role, drawn by the server (the signed-in layout) and handed to the client shell as elements:
 * their SVG comes with the page instead of lucide's code for every role's icons. A change of role (impersonation, its
 * end, a new sign-in) is a full page load, so the layout draws the new role's icons.
 */
export function navIcons(area: Area | null): NavIcons {
  if (!area) return {};
  return Object.fromEntries(
    NAV_ITEMS[area].map(({ icon }) => {
      const Icon = ICONS[icon];
      return [icon, <Icon className="size-4 shrink-0" aria-hidden />];
    }),
  );
}
