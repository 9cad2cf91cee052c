import type { Message } from "@/lib/contract/messaging";
import { actedByText } from "./chat-format";
import { addSent, emptyHeld, mergeNewer, visibleMessages } from "./held-messages";

const msg = (id: string, author = "a"): Message => ({ id, author, body: `cuerpo ${id}`, createdAt: "2026-03-07T09:05:00.000Z" });
const page = (ids: string[]): Message[] => ids.map((id) => msg(id));

describe("the conversation pane's held messages", () => {
  it("appends only what is new, and keeps the same object when a poll brings nothing", () => {
    const held = mergeNewer({ ...emptyHeld(), olderCursor: "m1" }, page(["m2", "m3"]));
    expect(held.messages.map((m) => m.id)).toEqual(["m2", "m3"]);
    expect(held.olderCursor).toBe("m1");
    expect(mergeNewer(held, page([]))).toBe(held);
    expect(mergeNewer(held, page(["m3"]))).toBe(held);
    expect(mergeNewer(held, page(["m3", "m4"])).messages.map((m) => m.id)).toEqual(["m2", "m3", "m4"]);
  });

  it("shows a sent message last until a poll brings it, then in the server's order, never twice", () => {
    let held = mergeNewer(emptyHeld(), page(["m1"]));
    held = addSent(held, msg("mine"));
    expect(addSent(held, msg("mine"))).toBe(held);
    expect(visibleMessages([], held, []).map((m) => m.id)).toEqual(["m1", "mine"]);
    // The partner's message committed before mine: the poll brings both, in the server's order.
    held = mergeNewer(held, page(["theirs", "mine"]));
    expect(visibleMessages([], held, []).map((m) => m.id)).toEqual(["m1", "theirs", "mine"]);
    expect(held.sent).toEqual([]);
  });

  it("draws older pages above the live end, and pending sends below", () => {
    const held = mergeNewer(emptyHeld(), page(["m5", "m6"]));
    const olderPages = [page(["m3", "m4"]), page(["m1", "m2"])];
    const pending = [{ ...msg("pending-1"), isOptimistic: true }];
    expect(visibleMessages(olderPages, held, pending).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "pending-1"]);
  });

  it("keeps only what is new from an API that answers its whole list to every poll", () => {
    const held = mergeNewer(emptyHeld(), page(["m1", "m2"]));
    expect(mergeNewer(held, page(["m1", "m2"]))).toBe(held);
    expect(mergeNewer(held, page(["m1", "m2", "m3"])).messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
  });

  it("tells staff a message was written by the school for someone", () => {
    const acted = { ...msg("m1"), actedBy: { id: "x", name: "Ana Torres" } };
    expect(actedByText(acted, false, "Lucía Martín")).toBe("Enviado por la autoescuela en nombre de Lucía Martín");
    expect(actedByText(acted, true, "Lucía Martín")).toBe("Enviado por la autoescuela en tu nombre");
    expect(actedByText(msg("m2"), false, "Lucía Martín")).toBeNull();
  });
});
