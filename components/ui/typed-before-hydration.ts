"use client";

import { useCallback, useEffect, useRef, type Ref } from "react";

type Field = HTMLInputElement | HTMLSelectElement;

/**
 * Hands React what was typed or chosen in a controlled field before the page's code hydrated it. A page drawn by the
 * server shows its fields at once; React hydrating them keeps what the DOM holds, but the component's state keeps the
 * server's value, so the field shows one thing and a submit or a filter uses another (a day off saved for today while
 * the picker showed the chosen day). Replayed as the change the user made, through the field's own onChange. A field
 * the client mounted holds its value already and is left alone.
 */
function replayTypedBeforeHydration(element: Field, value: string) {
  if (element instanceof HTMLSelectElement) {
    // The server's HTML marks the state's option selected (a client-mounted select has no such mark); another option
    // selected now is the user's choice.
    const chosen = element.selectedOptions[0];
    if (chosen && !chosen.defaultSelected && chosen.value !== value && [...element.options].some((o) => o.defaultSelected)) {
      element.dispatchEvent(new Event("change", { bubbles: true }));
    }
    return;
  }
  if (/^(checkbox|radio|file)$/.test(element.type)) return;
  const typed = element.value;
  // What the field shows for the state's value untouched (the browser sanitises some types: a time of "9:00" is "").
  const probe = document.createElement("input");
  probe.type = element.type;
  probe.value = value;
  if (typed === probe.value) return;
  // React notices a change by comparing the DOM's value with the one it last saw: give it the state's value to have
  // seen (the element's own setter, which React watches), put the typed value back past it, and send the input event.
  element.value = value;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(element, typed);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

/** A ref for a controlled field (see `replayTypedBeforeHydration`); `forwarded` is the caller's own ref, if any. */
export function useTypedBeforeHydration<T extends Field>(value: unknown, forwarded?: Ref<T>) {
  const element = useRef<T | null>(null);
  const initial = useRef(value);
  useEffect(() => {
    if (element.current && initial.current != null) replayTypedBeforeHydration(element.current, String(initial.current));
  }, []);
  return useCallback(
    (node: T | null) => {
      element.current = node;
      if (typeof forwarded === "function") forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
}
