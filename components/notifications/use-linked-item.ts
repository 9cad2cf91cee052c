"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * A list opened from a notification ('/student/reservations?id=<id>'): once the item is drawn, it is scrolled into view
 * and outlined, so the person lands on what the notification was about. `attribute` names the items' id attribute.
 * Returns the linked id (null without one).
 */
export function useLinkedItem(attribute: string, isDrawn: boolean, param = "id"): string | null {
  const id = useSearchParams().get(param);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!id || !isDrawn || done.current === id) return;
    const element = document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(id)}"]`);
    if (!element) return;
    done.current = id;
    element.scrollIntoView({ block: "center" });
    element.dataset.linked = "true";
    // Not by colour alone: a thick outline around the whole card.
    element.style.outline = "3px solid var(--ring)";
    element.style.outlineOffset = "2px";
  }, [attribute, id, isDrawn]);
  return id;
}
