import { NAV_ITEMS } from "@/components/shell/nav-config";
import type { Area } from "@/lib/session/roles";

// The pages the browser benchmarks visit (bench:lighthouse, bench:tbt): the public pages, every menu page of every role
// signed in as its demo user, the booking wizard and the change of password.
export type BenchUser = { area: Area | null; username?: string; password?: string; extra: string[] };

export const BENCH_USERS: BenchUser[] = [
  // The set-password page as its link opens it: with a token in the fragment (checked when the form is sent).
  { area: null, extra: ["/login", "/establecer-contrasena#token-del-enlace"] },
  { area: "student", username: "alumno", password: "alumno123", extra: ["/student/reservations/new", "/cambiar-contrasena"] },
  { area: "instructor", username: "profesor", password: "profesor123", extra: [] },
  { area: "administrator", username: "admin", password: "admin123", extra: [] },
];

/** The user's pages whose path contains the filter, or one of its comma-separated parts (all of them without one). */
export function benchPages(user: BenchUser, filter?: string): string[] {
  const menu = user.area ? NAV_ITEMS[user.area].filter((item) => !item.isExternalLink).map((item) => item.to) : [];
  const parts = filter ? filter.split(",").filter(Boolean) : [];
  return [...menu, ...user.extra].filter((p) => !parts.length || parts.some((part) => p.includes(part)));
}
