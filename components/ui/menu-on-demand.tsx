"use client";

import { useState, type ComponentProps, type ReactNode } from "react";
import type { loadOnce } from "./on-demand";

type Module<M> = ReturnType<typeof loadOnce<M>>;
type Props<M> = {
  /** The menu's module (components/ui/on-demand.tsx's loadOnce), with Radix's dropdown in it. */
  module: Module<M>;
  /** The trigger as a plain button, drawn by the server and until the menu's code is here. */
  trigger: (props: ComponentProps<"button">) => ReactNode;
  /** The menu, open at once (`defaultOpen`): the gesture that fetched it was for it. */
  menu: (module: M) => ReactNode;
};

/**
 * A dropdown menu whose code (Radix's menu, its popper, floating-ui: ~25 kB gzip) is fetched when the user reaches for
 * it, not with every page that has one (issue 13). The fetch starts as the pointer or focus arrives, so the menu is
 * usually there by the click; if it cannot be fetched, the spec's unexpected-error toast shows and the next click tries
 * again.
 */
export function MenuOnDemand<M>({ module, trigger, menu }: Props<M>) {
  const [loaded, setLoaded] = useState<M | null>(null);
  if (loaded) return menu(loaded);
  const open = async () => {
    const fetched = await module.load();
    if (fetched) setLoaded(fetched);
  };
  return trigger({
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: module.preload,
    onFocus: module.preload,
    onClick: () => void open(),
    onKeyDown: (event) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        void open();
      }
    },
  });
}
