"use client";

import { Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { THEME_KEY } from "./theme-script";

export function ThemeToggle() {
  const [isDark, setIsDark] = useState(false);
  useEffect(() => setIsDark(document.documentElement.classList.contains("dark")), []);

  function onToggle() {
    const next = !isDark;
    document.documentElement.classList.toggle("dark", next);
    window.localStorage.setItem(THEME_KEY, next ? "dark" : "light");
    setIsDark(next);
  }

  return (
    <Button variant="ghost" size="icon" onClick={onToggle} aria-label={isDark ? "Usar tema claro" : "Usar tema oscuro"}>
      {isDark ? <Sun className="size-4" /> : <Moon className="size-4" />}
    </Button>
  );
}
