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
