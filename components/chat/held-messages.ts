import type { Message } from "@/lib/contract/messaging";

/**
 * What the conversation pane holds of the live end of a conversation: `messages` as the server's pages gave them
 * (its order, oldest first), `sent` the server's copies of this screen's sends that no page brought yet (shown
 * last until the next poll puts them in place), and the position of the page just older (none when nothing older
 * exists, or when the API does not page and its whole list is held).
 */
export type HeldMessages = { messages: Message[]; sent: Message[]; olderCursor: string | null };

export const emptyHeld = (): HeldMessages => ({ messages: [], sent: [], olderCursor: null });

/**
 * Appends what a page brought that is not held yet; a page that brings nothing new keeps the same object. A page of
 * an API that ignores `after` (its whole list, again) brings only what is new in it.
 */
export function mergeNewer(held: HeldMessages, page: readonly Message[]): HeldMessages {
  const known = new Set(held.messages.map((m) => m.id));
  const fresh = page.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return held;
  const arrived = new Set(fresh.map((m) => m.id));
  return { ...held, messages: [...held.messages, ...fresh], sent: held.sent.filter((m) => !arrived.has(m.id)) };
}

/** The server's copy of a message this screen sent. */
export function addSent(held: HeldMessages | undefined, message: Message): HeldMessages {
  const base = held ?? emptyHeld();
  if (base.messages.some((m) => m.id === message.id) || base.sent.some((m) => m.id === message.id)) return base;
  return { ...base, sent: [...base.sent, message] };
}

/** Everything to draw, oldest first: the older pages (newest page of them first, as loaded), the live end, the pending sends. */
export function visibleMessages(
  olderPages: readonly (readonly Message[])[],
  held: HeldMessages | undefined,
  pending: readonly Message[],
): Message[] {
  const older = [...olderPages].reverse().flat();
  return [...older, ...(held?.messages ?? []), ...(held?.sent ?? []), ...pending];
}
