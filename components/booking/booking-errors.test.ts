import { ApiError } from "@/lib/api-client";
import { readBookingFailure } from "./booking-errors";

const slot = { start: "2030-01-07T09:00:00.000Z", end: "2030-01-07T10:00:00.000Z" };

describe("readBookingFailure", () => {
  it("reads SLOTS_UNAVAILABLE with its slots", () => {
    const error = new ApiError(409, { error: "SLOTS_UNAVAILABLE", message: "x", unavailable_slots: [slot] });
    expect(readBookingFailure(error)).toEqual({ kind: "slots-unavailable", slots: [slot] });
  });

  it("reads INSIDE_MINIMUM_NOTICE as slots to remove, with the server's reason", () => {
    const message = "Las prácticas deben reservarse con al menos 12 horas de antelación";
    const error = new ApiError(422, { error: "INSIDE_MINIMUM_NOTICE", message, minNoticeHours: 12, unavailable_slots: [slot] });
    expect(readBookingFailure(error)).toEqual({ kind: "slots-unavailable", slots: [slot], reason: message });
  });

  it("reads INSUFFICIENT_BALANCE with the server message or the spec's fallback", () => {
    expect(readBookingFailure(new ApiError(422, { error: "INSUFFICIENT_BALANCE", message: "Sin saldo" }))).toEqual({
      kind: "insufficient-balance",
      message: "Sin saldo",
    });
    expect(readBookingFailure(new ApiError(422, { error: "INSUFFICIENT_BALANCE" }))).toEqual({
      kind: "insufficient-balance",
      message: "Saldo insuficiente para completar la reserva",
    });
  });

  it("reads other errors: message, then error.message, then the spec's fallback", () => {
    expect(readBookingFailure(new ApiError(422, { error: "VALIDATION_ERROR", message: "Duración no válida" }))).toEqual({
      kind: "other",
      message: "Duración no válida",
    });
    expect(readBookingFailure(new ApiError(500, { error: { message: "Fallo" } }))).toEqual({ kind: "other", message: "Fallo" });
    const fallback = "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.";
    expect(readBookingFailure(new ApiError(500, {}))).toEqual({ kind: "other", message: fallback });
    expect(readBookingFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "other", message: fallback });
    // SLOTS_UNAVAILABLE without slots cannot be shown as a list: it is an unexpected error.
    expect(readBookingFailure(new ApiError(409, { error: "SLOTS_UNAVAILABLE", message: "Ocupado" }))).toEqual({
      kind: "other",
      message: "Ocupado",
    });
  });
});
