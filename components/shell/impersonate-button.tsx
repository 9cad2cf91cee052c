"use client";

import { UserCog } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiPost, errorText } from "@/lib/api-client";

// Starts impersonation through the BFF (which sets the jwt_hp / jwt_s pair) and opens the user's home.
export function ImpersonateButton({ userId, userName }: { userId: string; userName: string }) {
  const [isPending, setIsPending] = useState(false);

  async function onClick() {
    setIsPending(true);
    try {
      await apiPost(`/auth/impersonate/${userId}`);
      window.location.assign("/");
    } catch (error) {
      toast({ title: "No se pudo actuar como este usuario", description: errorText(error), variant: "destructive" });
      setIsPending(false);
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={isPending} aria-label={`Actuar como este usuario: ${userName}`}>
      <UserCog className="size-4" aria-hidden />
      {isPending ? "Procesando..." : "Actuar como este usuario"}
    </Button>
  );
}
