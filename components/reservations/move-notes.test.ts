import { formatMoney } from "@/lib/format/money";
import { moveNotes } from "./move-notes";

const lesson = { start: "2026-12-01T09:00:00.000Z", end: "2026-12-01T10:00:00.000Z" };
const booking = { hourlyPriceCents: 3500, isDirectMode: false };

describe("moveNotes", () => {
  it("tells the student the price difference of a longer or shorter lesson, and that the school confirms the new time", () => {
    expect(moveNotes({ role: "student", lesson, newDuration: 7200, booking, mode: "time" })).toEqual([
      "Se descontará 1h de tu saldo.",
      "La autoescuela tendrá que confirmar la nueva hora.",
      "Tu profesor recibirá un aviso.",
    ]);
    expect(moveNotes({ role: "student", lesson: { ...lesson, end: "2026-12-01T11:00:00.000Z" }, newDuration: 3600, booking, mode: "money" })[0]).toBe(
      `Se devolverá ${formatMoney(3500)} a tu saldo.`,
    );
  });

  it("says nothing of price for the same length, and names who is told for the staff", () => {
    expect(moveNotes({ role: "instructor", lesson, newDuration: 3600, booking, mode: "time" })).toEqual(["El alumno recibirá un aviso."]);
    expect(moveNotes({ role: "administrator", lesson, newDuration: null, booking: { ...booking, isDirectMode: true }, mode: "money" })).toEqual([
      "El alumno y el profesor recibirán un aviso.",
    ]);
    expect(moveNotes({ role: "student", lesson, newDuration: 3600, booking: { ...booking, isDirectMode: true }, mode: "time" })).toEqual(["Tu profesor recibirá un aviso."]);
  });
});
