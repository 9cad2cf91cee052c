import { preferencesBody, samePreferences, type PreferenceValues } from "./preferences";

const saved: PreferenceValues = {
  quietHours: true,
  categories: [
    { category: "reservations", label: "Reservas", push: true, email: true },
    { category: "chat", label: "Mensajes", push: true, email: false },
  ],
};

describe("the preferences form", () => {
  it("sends the switches and quiet hours, not the labels", () => {
    expect(preferencesBody(saved)).toEqual({
      quietHours: true,
      categories: [
        { category: "reservations", push: true, email: true },
        { category: "chat", push: true, email: false },
      ],
    });
  });

  it("has nothing to save until a switch differs from the saved answer", () => {
    expect(samePreferences(structuredClone(saved), saved)).toBe(true);
    expect(samePreferences({ ...saved, quietHours: false }, saved)).toBe(false);
    const emailOn = { ...saved, categories: saved.categories.map((c) => (c.category === "chat" ? { ...c, email: true } : c)) };
    expect(samePreferences(emailOn, saved)).toBe(false);
    expect(samePreferences({ ...saved, categories: [...saved.categories].reverse() }, saved)).toBe(true);
  });
});
