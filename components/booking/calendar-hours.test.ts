import { visibleHours } from "./calendar-hours";

const at = (day: number, h: number, m = 0) => new Date(Date.UTC(2030, 0, day, h, m)).toISOString();

describe("visibleHours (TZ=UTC)", () => {
  it("shows 07:00 to 22:00 at 750 px when the events fit", () => {
    expect(visibleHours([{ start: at(7, 8), end: at(7, 20) }])).toEqual({
      slotMinTime: "07:00:00",
      slotMaxTime: "22:00:00",
      height: 750,
    });
    expect(visibleHours([])).toEqual({ slotMinTime: "07:00:00", slotMaxTime: "22:00:00", height: 750 });
  });

  it("extends to fit early and late events and scales the height", () => {
    expect(visibleHours([{ start: at(7, 6, 30), end: at(7, 8) }, { start: at(8, 21), end: at(8, 22, 30) }])).toEqual({
      slotMinTime: "06:00:00",
      slotMaxTime: "23:00:00",
      height: 850,
    });
  });

  it("extends to midnight for an event that ends the next day", () => {
    expect(visibleHours([{ start: at(7, 23), end: at(8, 0, 30) }]).slotMaxTime).toBe("24:00:00");
  });
});
