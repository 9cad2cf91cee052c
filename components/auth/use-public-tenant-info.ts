"use client";

import { useEffect, useState } from "react";
import type { TenantInfo } from "@/lib/contract/tenant";
import { fetchTenantInfo } from "@/components/shell/tenant-info-source";

type PublicTenantInfo = { data: TenantInfo | null; error: Error | null };

// The school on the public pages (login, set-password), which carry no data layer (issue 13: their first load holds
// React and the form only). The server renders them with the school it resolved from the host; only when the API could
// not answer then does the browser ask once more, and a failure is shown on the page (spec §4's message).
export function usePublicTenantInfo(serverCopy: TenantInfo | null): PublicTenantInfo {
  const [state, setState] = useState<PublicTenantInfo>({ data: serverCopy, error: null });
  useEffect(() => {
    if (serverCopy) return;
    let isCurrent = true;
    fetchTenantInfo().then(
      (data) => isCurrent && setState({ data, error: null }),
      (error: Error) => isCurrent && setState({ data: null, error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [serverCopy]);
  return state;
}
