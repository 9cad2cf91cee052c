import { eventLabel } from "./instructor-calendar-colors";

const NOW = Date.parse("2025-12-02T11:00:00Z");
const lesson = (type: Parameters<typeof eventLabel>[0]["type"], end: string) => ({ type, end });

describe("the instructor calendar's word for an event", () => {
  it("reads 'Realizada' for a confirmed lesson from its end on, 'Confirmada' before", () => {
    expect(eventLabel(lesson("reservation-confirmed", "2025-12-02T10:59:00Z"), NOW)).toBe("Realizada");
    expect(eventLabel(lesson("reservation-confirmed", "2025-12-02T11:00:00Z"), NOW)).toBe("Realizada");
    expect(eventLabel(lesson("reservation-confirmed", "2025-12-02T11:30:00Z"), NOW)).toBe("Confirmada");
  });

  it("leaves the other kinds as they are, ended or not", () => {
    expect(eventLabel(lesson("reservation-pending", "2025-12-01T10:00:00Z"), NOW)).toBe("Pendiente de confirmar");
    expect(eventLabel(lesson("reservation-other", "2025-12-01T10:00:00Z"), NOW)).toBe("Cancelada, denegada o anulada");
    expect(eventLabel(lesson("availability", "2025-12-01T10:00:00Z"), NOW)).toBe("Disponibilidad");
  });
});
