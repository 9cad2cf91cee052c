"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiGet, apiRequest, type Answer } from "@/lib/api-client";
import type { profileSchema, sessionResponseSchema, SessionResponse } from "@/lib/contract/auth";
import { IMPERSONATION_HP_COOKIE } from "@/lib/session/cookie-names";
import { forgetThisPushDevice } from "@/components/notifications/forget-push-device";

export const sessionQueryKey = ["session"] as const;
const readSession = () => apiGet<Answer<typeof sessionResponseSchema>>("/session");

// Spec §4: the session is re-read when the window gains focus or the tab becomes visible;
// an invalid token signs the user out.
export function useSession(initial: SessionResponse) {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: readSession,
    initialData: initial,
    // The server read the session for this very render: it is re-read on focus and visibility, not again on mount
    // (a refetch there re-rendered the whole shell inside the page's first second, issue 13).
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const client = useQueryClient();
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && client.invalidateQueries({ queryKey: sessionQueryKey });
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [client]);
  useEffect(() => {
    if (query.data && !query.data.user) window.location.replace("/login");
  }, [query.data]);
  return query.data;
}

/** The signed-in user's id, from the session the shell already holds (useSession seeds the query). */
export function useMyId(): string | null {
  const { data } = useQuery({ queryKey: sessionQueryKey, queryFn: readSession, staleTime: Infinity });
  return data?.user?.uuid ?? null;
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ["me"], queryFn: () => apiGet<Answer<typeof profileSchema>>("/me"), staleTime: 5 * 60_000, enabled });
}

export async function logout(): Promise<void> {
  // This device stops receiving pushes (a shared phone); while the session still holds, so the DELETE is allowed.
  await forgetThisPushDevice((endpoint) => apiRequest("/notifications/push/subscriptions", { method: "DELETE", json: { endpoint } }));
  await apiRequest("/logout", { method: "POST" }).catch((error) => console.error("Logout failed", error));
  window.location.replace("/login");
}

// Spec §4: on success clear and go to the root; a failed call is only logged (stay);
// a network error still clears the pair (dropping the readable half ends impersonation) and returns.
export async function exitImpersonation(): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/auth/exit-impersonation", { method: "POST", credentials: "same-origin" });
  } catch (error) {
    console.error("Exit impersonation: network error", error);
    document.cookie = `${IMPERSONATION_HP_COOKIE}=; Max-Age=0; path=/`;
    window.location.assign("/");
    return;
  }
  if (!response.ok) {
    console.error("Exit impersonation failed", response.status, await response.text().catch(() => ""));
    return;
  }
  window.location.assign("/");
}
