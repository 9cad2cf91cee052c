import { eventTimeClass } from "./event-layout";

describe("week calendar event layout", () => {
  it("gives the time's line up only where the label itself would not fit on one", () => {
    // The booking calendar's labels: the longer the label, the wider the event must be to keep its time.
    expect(eventTimeClass("Disponible")).toBe("pt-0! @max-[4.25rem]:hidden");
    expect(eventTimeClass("Seleccionado")).toBe("pt-0! @max-[5.5rem]:hidden");
    expect(eventTimeClass("No disponible")).toBe("pt-0! @max-[5.5rem]:hidden");
    expect(eventTimeClass("Reserva confirmada")).toBe("pt-0! @max-[7.5rem]:hidden");
    expect(eventTimeClass("Reserva pendiente")).toBe("pt-0! @max-[7.5rem]:hidden");
    // Longer titles (students' names in the instructor's calendar) need a wider event still.
    expect(eventTimeClass("Lucía Martín García")).toBe("pt-0! @max-[10rem]:hidden");
    expect(eventTimeClass("María de los Ángeles Fernández")).toBe("pt-0! @max-[12rem]:hidden");
  });
});
