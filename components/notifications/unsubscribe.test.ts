import { confirmText, unsubscribeLabel, unsubscribedText } from "./unsubscribe";

describe("the unsubscribe page's answer", () => {
  it("names the category by the API's label, else by its known code", () => {
    expect(unsubscribeLabel({ category: "reservations", label: "Reservas" })).toBe("Reservas");
    expect(unsubscribeLabel({ category: "slots" })).toBe("Huecos libres");
    expect(unsubscribeLabel({ category: "new-kind" })).toBe("new-kind");
    expect(unsubscribeLabel(null)).toBeNull();
    expect(unsubscribeLabel({ ok: true })).toBeNull();
  });

  it("asks before, and says what stops after", () => {
    expect(confirmText("Reservas")).toBe("¿Quieres dejar de recibir correos de «Reservas»?");
    expect(unsubscribedText("Reservas")).toBe("Ya no recibirás correos de «Reservas».");
    expect(unsubscribedText("")).toBe("Ya no recibirás estos correos.");
  });
});
