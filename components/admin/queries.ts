import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type {
  adminAssignmentListSchema,
  adminLicenseListSchema,
  auditPageSchema,
  vehicleListSchema,
  AuditQuery,
} from "@/lib/contract/backoffice";
import type { adminUserPageSchema, UserKind, UserListQuery } from "@/lib/contract/backoffice-users";

const qs = (params: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : "";
};

// One key factory for the administrator's back-office screens.
export const adminQueries = {
  all: () => ["administrator"] as const,
  users: (q: UserListQuery) =>
    queryOptions({
      queryKey: ["administrator", "users", q],
      queryFn: ({ signal }) => apiGet<Answer<typeof adminUserPageSchema>>(`/administrator/users${qs(q)}`, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  licenses: () =>
    queryOptions({ queryKey: ["administrator", "licenses"], queryFn: ({ signal }) => apiGet<Answer<typeof adminLicenseListSchema>>("/administrator/licenses", signal), staleTime: 60_000 }),
  assignments: () =>
    queryOptions({
      queryKey: ["administrator", "assignments"],
      queryFn: ({ signal }) => apiGet<Answer<typeof adminAssignmentListSchema>>("/administrator/assignments", signal),
      staleTime: 30_000,
    }),
  vehicles: () =>
    queryOptions({ queryKey: ["administrator", "vehicles"], queryFn: ({ signal }) => apiGet<Answer<typeof vehicleListSchema>>("/administrator/vehicles", signal), staleTime: 60_000 }),
  audit: (q: AuditQuery) =>
    queryOptions({
      queryKey: ["administrator", "audit", q],
      queryFn: ({ signal }) => apiGet<Answer<typeof auditPageSchema>>(`/administrator/audit${qs(q)}`, signal),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
};

// The users list's filters as its screen holds them (components/admin/users-list.tsx), the page it opens on, and the
// read they make: one place, so the page filled on the server is the one the screen asks for.
export type UsersListFilters = { search: string; kind: UserKind | ""; status: NonNullable<UserListQuery["status"]>; page: number };
export const USERS_LIST_OPENING: UsersListFilters = { search: "", kind: "", status: "active", page: 1 };
const USERS_PAGE_SIZE = 20;
export const usersListQuery = ({ search, kind, status, page }: UsersListFilters) =>
  adminQueries.users({ search: search || undefined, kind: kind || undefined, status, page, limit: USERS_PAGE_SIZE });
export const usersFirstView = () => [usersListQuery(USERS_LIST_OPENING)];

// The instructors the licences screen lists (also filled on the server).
export const LICENSE_INSTRUCTORS: UserListQuery = { kind: "instructor", status: "active", limit: 100 };
export const licensesFirstView = () => [adminQueries.licenses(), adminQueries.users(LICENSE_INSTRUCTORS), adminQueries.assignments()];

// The audit log's first screen: its administrators filter and the newest page, unfiltered (also filled on the server).
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ACTORS: UserListQuery = { kind: "administrator", status: "all", limit: 100 };
export const auditFirstView = () => [adminQueries.users(AUDIT_ACTORS), adminQueries.audit({ page: 1, limit: AUDIT_PAGE_SIZE })];
