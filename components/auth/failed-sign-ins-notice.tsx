"use client";

import { ShieldAlert, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { afterLoad } from "@/components/shell/after-load";
import { failedSignInsText, takeFailedSignIns } from "./failed-sign-ins";

// After a sign-in that followed failed attempts on the account: told once, until the user closes it.
export function FailedSignInsNotice() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    // Read after the page's load (the server has no sessionStorage; components/shell/after-load.ts); a second run
    // (React's strict mode) finds 0 and keeps it.
    let isMounted = true;
    void afterLoad().then(() => {
      const taken = isMounted ? takeFailedSignIns() : 0;
      if (taken > 0) setCount(taken);
    });
    return () => {
      isMounted = false;
    };
  }, []);
  if (count === 0) return null;
  return (
    // Lined up with the page's content column (app-shell.tsx: past the 280 px sidebar, max-w-7xl, its padding).
    <div className="lg:pl-[280px]">
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
        <Alert role="status" className="relative pr-12">
          <ShieldAlert className="size-4" aria-hidden />
          <AlertDescription>{failedSignInsText(count)} Si no has sido tú, cambia tu contraseña.</AlertDescription>
          <Button variant="ghost" size="icon" className="absolute right-0 top-0 size-11" aria-label="Cerrar aviso" onClick={() => setCount(0)}>
            <X className="size-4" />
          </Button>
        </Alert>
      </div>
    </div>
  );
}
