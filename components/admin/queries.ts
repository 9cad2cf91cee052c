import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
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
  // One page (the filters' pickers: administrators, instructors, students to assign).
  users: (q: UserListQuery) =>
    queryOptions({
      queryKey: ["administrator", "users", q],
      queryFn: ({ signal }) => apiGet<Answer<typeof adminUserPageSchema>>(`/administrator/users${qs(q)}`, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  // The users list, a page at a time ('Cargar más').
  usersPages: (q: Omit<UserListQuery, "cursor">) =>
    infiniteQueryOptions({
      queryKey: ["administrator", "users", "pages", q],
      queryFn: ({ signal, pageParam }) => apiGet<Answer<typeof adminUserPageSchema>>(`/administrator/users${qs({ ...q, cursor: pageParam })}`, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  licenses: () =>
    queryOptions({ queryKey: ["administrator", "licenses"], queryFn: ({ signal }) => apiGet<Answer<typeof adminLicenseListSchema>>("/administrator/licenses", signal), staleTime: 60_000 }),
  // The school's assignments, newest first, a page at a time ('Cargar más'); the search runs on the server.
  assignments: (search = "") =>
    infiniteQueryOptions({
      queryKey: ["administrator", "assignments", search],
      queryFn: ({ signal, pageParam }) => apiGetPage<Answer<typeof adminAssignmentListSchema>>(pagePath("/administrator/assignments", { search }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  vehicles: () =>
    queryOptions({ queryKey: ["administrator", "vehicles"], queryFn: ({ signal }) => apiGet<Answer<typeof vehicleListSchema>>("/administrator/vehicles", signal), staleTime: 60_000 }),
  // The activity log, newest first, a page at a time ('Cargar más').
  audit: (q: Omit<AuditQuery, "cursor">) =>
    infiniteQueryOptions({
      queryKey: ["administrator", "audit", q],
      queryFn: ({ signal, pageParam }) => apiGet<Answer<typeof auditPageSchema>>(`/administrator/audit${qs({ ...q, cursor: pageParam })}`, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
};

// The users list's filters as its screen holds them (components/admin/users-list.tsx) and the read they make: one
// place, so the first page filled on the server is the one the screen asks for.
export type UsersListFilters = { search: string; kind: UserKind | ""; status: NonNullable<UserListQuery["status"]> };
export const USERS_LIST_OPENING: UsersListFilters = { search: "", kind: "", status: "active" };
const USERS_PAGE_SIZE = 20;
export const usersListQuery = ({ search, kind, status }: UsersListFilters) =>
  adminQueries.usersPages({ search: search || undefined, kind: kind || undefined, status, limit: USERS_PAGE_SIZE });
export const usersFirstView = (kind: UsersListFilters["kind"] = USERS_LIST_OPENING.kind) => [usersListQuery({ ...USERS_LIST_OPENING, kind })];

// The instructors the licences screen lists (also filled on the server).
export const LICENSE_INSTRUCTORS: UserListQuery = { kind: "instructor", status: "active", limit: 100 };
export const licensesFirstView = () => [adminQueries.licenses(), adminQueries.users(LICENSE_INSTRUCTORS), adminQueries.assignments()];

// The audit log's first screen: its administrators filter and the newest page, unfiltered (also filled on the server).
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ACTORS: UserListQuery = { kind: "administrator", status: "all", limit: 100 };
export const auditFirstView = () => [adminQueries.users(AUDIT_ACTORS), adminQueries.audit({ limit: AUDIT_PAGE_SIZE })];
