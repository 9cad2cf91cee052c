"use client";

import { createContext, useContext, useEffect, useState, type ComponentProps, type JSXElementConstructor, type ReactNode } from "react";
import { TOASTS_BY_CODE } from "@/lib/error-toasts";
import { toast } from "./use-toast";

/**
 * A module fetched on first use instead of with the page (issue 13), once for the whole app. `preload` starts the fetch
 * quietly; `load` resolves the module, or shows the spec's unexpected-error toast and gives null when the file could
 * not be fetched, and the next `load` tries again.
 */
export function loadOnce<M>(loader: () => Promise<M>) {
  let pending: Promise<M> | null = null;
  const start = () =>
    (pending ??= loader().catch((error: unknown) => {
      pending = null; // the next use tries again
      throw error;
    }));
  return {
    preload: () => {
      start().catch(() => undefined);
    },
    load: async (): Promise<M | null> => {
      try {
        return await start();
      } catch (error) {
        console.error("Could not load a part of the page", error);
        toast({ ...TOASTS_BY_CODE.UNKNOWN_ERROR, variant: "destructive" });
        return null;
      }
    },
  };
}

type GateProps<M> = { open?: boolean; onOpenChange?: (open: boolean) => void; children: (parts: M) => ReactNode };

/**
 * A primitive whose code is fetched the first time it opens instead of with every page that has one: Radix's dialogs
 * (focus trap, scroll lock, portal, layers) were in the first load of nearly every page (issue 13). Every dialog of
 * the app is controlled through `open`, so before its first opening there is nothing to draw. Once fetched, the parts
 * stay for every later dialog, drawn at once and with their closing animations. If the file cannot be fetched, the
 * spec's unexpected-error toast shows and the dialog reports itself closed, so opening it again tries again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a module of components with any props
export function onDemand<M extends Record<string, JSXElementConstructor<any>>>(loader: () => Promise<M>) {
  const module = loadOnce(loader);
  let fetched: M | null = null;
  const Parts = createContext<M | null>(null);

  function Gate({ open, onOpenChange, children }: GateProps<M>) {
    const [parts, setParts] = useState(fetched);
    const needed = Boolean(open) && parts === null;
    useEffect(() => {
      if (!needed) return;
      let live = true;
      void module.load().then((loaded) => {
        if (loaded) fetched = loaded;
        if (!live) return;
        if (loaded) setParts(loaded);
        else onOpenChange?.(false); // told by the toast; opening it again tries again
      });
      return () => {
        live = false;
      };
      // Only a change of need starts a fetch; the callback of the render that asked is the one to tell.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [needed]);
    return parts ? <Parts.Provider value={parts}>{children(parts)}</Parts.Provider> : null;
  }

  // The module's root part (the dialog itself), drawn through the Gate with the same props.
  function root<K extends keyof M & string>(name: K) {
    function Root(props: ComponentProps<M[K]> & Pick<GateProps<M>, "open" | "onOpenChange">) {
      return (
        <Gate open={props.open} onOpenChange={props.onOpenChange}>
          {(parts) => {
            const Drawn = parts[name] as JSXElementConstructor<ComponentProps<M[K]>>;
            return <Drawn {...props} />;
          }}
        </Gate>
      );
    }
    Root.displayName = name;
    return Root;
  }

  // One of its other parts, drawn inside the root (where the module is there).
  function part<K extends keyof M & string>(name: K) {
    function Part(props: ComponentProps<M[K]>) {
      const parts = useContext(Parts);
      if (!parts) throw new Error(`${name} was drawn outside its dialog`);
      const Drawn = parts[name] as JSXElementConstructor<ComponentProps<M[K]>>;
      return <Drawn {...props} />;
    }
    Part.displayName = name;
    return Part;
  }

  return { root, part };
}
