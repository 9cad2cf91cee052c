import { retryLater } from "../../http/errors";

// Per-sender flood guard: at most LIMIT messages in a sliding WINDOW. In memory, per API process: enough against a
// runaway client or a stuck Enter key; several API processes would each allow the limit (docs/decisions/chat.md).
export const SEND_LIMIT = 20;
export const SEND_WINDOW_MS = 10_000;

const sent = new Map<string, number[]>();

export function takeSendSlot(key: string, now = Date.now()): boolean {
  const recent = (sent.get(key) ?? []).filter((t) => now - t < SEND_WINDOW_MS);
  if (recent.length >= SEND_LIMIT) {
    sent.set(key, recent);
    return false;
  }
  recent.push(now);
  sent.set(key, recent);
  if (sent.size > 10_000) {
    for (const [k, list] of sent) if (list.every((t) => now - t >= SEND_WINDOW_MS)) sent.delete(k);
  }
  return true;
}

export function resetSendSlots(): void {
  sent.clear();
}

// Per-reader bound on message pages being read at once (a page is up to 100 messages of 4,000 characters). One chat
// screen has at most two in flight, its poll and an older page; more are one client hammering a long history, which
// would take other people's share of the process: answered 429 at once (the ETag's 304 path is not counted).
export const READS_IN_FLIGHT = 2;
const reading = new Map<string, number>();

export async function withReadSlot<T>(key: string, read: () => Promise<T>): Promise<T> {
  const inFlight = reading.get(key) ?? 0;
  if (inFlight >= READS_IN_FLIGHT) {
    throw retryLater("TOO_MANY_REQUESTS", "Demasiadas lecturas de mensajes a la vez. Inténtalo de nuevo en un momento.", 1);
  }
  reading.set(key, inFlight + 1);
  try {
    return await read();
  } finally {
    const left = (reading.get(key) ?? 1) - 1;
    if (left > 0) reading.set(key, left);
    else reading.delete(key);
  }
}
