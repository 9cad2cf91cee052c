import type { Balance } from "@/lib/contract/balance";
import type { BookingCalendarEvent } from "@/lib/contract/reservations";
import { displayEvents, removeSlots, selectionTotal, slotKey, toggleSlot } from "./selection";

const slot = (day: number, hour: number, hours = 1) => ({
  start: new Date(Date.UTC(2030, 0, day, hour)).toISOString(),
  end: new Date(Date.UTC(2030, 0, day, hour + hours)).toISOString(),
});
const timeBalance = (seconds: number): Balance => ({ balanceMode: "time", timeBalanceSeconds: seconds, moneyBalanceCents: null });
const moneyBalance = (cents: number): Balance => ({ balanceMode: "money", timeBalanceSeconds: null, moneyBalanceCents: cents });
const event = (type: BookingCalendarEvent["type"], s: { start: string; end: string }, id = `${type}:${s.start}`) =>
  ({ id, title: type, start: s.start, end: s.end, allDay: false, url: null, color: "#000", type }) as BookingCalendarEvent;

describe("toggleSlot", () => {
  it("selects a slot that fits the time balance, keeping the selection sorted", () => {
    const first = toggleSlot([], slot(8, 10), timeBalance(7200), 3500);
    expect(first.kind).toBe("selected");
    const second = toggleSlot(first.selection, slot(7, 9), timeBalance(7200), 3500);
    expect(second.kind).toBe("selected");
    expect(second.selection.map(slotKey)).toEqual([slot(7, 9), slot(8, 10)].map(slotKey));
  });

  it("allows exactly the balance (selected + duration <= balance)", () => {
    const outcome = toggleSlot([slot(7, 9)], slot(7, 11), timeBalance(7200), 3500);
    expect(outcome.kind).toBe("selected");
  });

  it("refuses a slot past the time balance and reports available versus already selected", () => {
    const outcome = toggleSlot([slot(7, 9, 2)], slot(7, 12), timeBalance(9000), 3500);
    expect(outcome).toEqual({ kind: "insufficient-balance", selection: [slot(7, 9, 2)], available: 9000, alreadySelected: 7200 });
  });

  it("prices slots in money mode with the hourly price", () => {
    const ok = toggleSlot([slot(7, 9)], slot(7, 11, 2), moneyBalance(10500), 3500);
    expect(ok.kind).toBe("selected");
    const refused = toggleSlot([slot(7, 9)], slot(7, 11, 2), moneyBalance(10499), 3500);
    expect(refused).toMatchObject({ kind: "insufficient-balance", available: 10499, alreadySelected: 3500 });
  });

  it("counts a null balance as zero", () => {
    const outcome = toggleSlot([], slot(7, 9), { balanceMode: "time", timeBalanceSeconds: null, moneyBalanceCents: null }, 0);
    expect(outcome.kind).toBe("insufficient-balance");
  });

  it("deselects a selected slot even when the balance is now short, matching other ISO spellings", () => {
    const selected = slot(7, 9);
    const sameInstant = { start: selected.start.replace("Z", "+00:00"), end: selected.end.replace("Z", "+00:00") };
    const outcome = toggleSlot([selected, slot(8, 9)], sameInstant, timeBalance(0), 3500);
    expect(outcome.kind).toBe("deselected");
    expect(outcome.selection).toEqual([slot(8, 9)]);
  });
});

describe("displayEvents", () => {
  it("hides available slots that overlap a selected one and draws the selection", () => {
    const selected = slot(7, 10, 2); // 10:00-12:00
    const events = [
      event("available", slot(7, 9, 2)), // 09-11 overlaps
      event("available", slot(7, 10, 2)), // the selected slot itself
      event("available", slot(7, 11, 2)), // 11-13 overlaps
      event("available", slot(7, 12, 2)), // 12-14 touches only: stays
      event("unavailable", slot(7, 10)), // other kinds always stay
      event("reservation-pending", slot(8, 10)),
    ];
    const shown = displayEvents(events, [selected]);
    expect(shown.filter((e) => e.kind === "available").map((e) => e.start)).toEqual([slot(7, 12).start]);
    expect(shown.filter((e) => e.kind === "unavailable")).toHaveLength(1);
    expect(shown.filter((e) => e.kind === "reservation-pending")).toHaveLength(1);
    expect(shown.filter((e) => e.kind === "selected")).toEqual([
      { id: `selected:${slotKey(selected)}`, title: "Seleccionado", start: selected.start, end: selected.end, kind: "selected" },
    ]);
  });

  it("keeps selected slots of other weeks in the list (the selection persists across weeks)", () => {
    const otherWeek = slot(20, 10);
    const shown = displayEvents([event("available", slot(7, 10))], [otherWeek]);
    expect(shown.map((e) => e.kind).sort()).toEqual(["available", "selected"]);
  });
});

describe("removeSlots and selectionTotal", () => {
  it("drops the slots the server reported unavailable", () => {
    const a = slot(7, 9);
    const b = slot(7, 11);
    expect(removeSlots([a, b], [{ start: b.start, end: b.end }])).toEqual([a]);
    expect(removeSlots([a, b], [a, b])).toEqual([]);
  });

  it("totals seconds in time mode and cents in money mode", () => {
    const selection = [slot(7, 9), slot(7, 11, 2)];
    expect(selectionTotal(selection, "time", 3500)).toBe(10800);
    expect(selectionTotal(selection, "money", 3500)).toBe(10500);
  });
});
