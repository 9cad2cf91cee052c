import { agendaMinutesOf, readAgendaMinutes, readReminderHours, reminderHoursOf } from "./schedule-settings";

describe("the school's reminder and agenda settings", () => {
  it("reads reminder hours: up to three whole hours from 1 to 168, largest first, empty for none", () => {
    expect(readReminderHours("24,2")).toEqual([24, 2]);
    expect(readReminderHours(" 2 , 24 , 2 ")).toEqual([24, 2]);
    expect(readReminderHours("168")).toEqual([168]);
    expect(readReminderHours("")).toEqual([]);
    for (const bad of ["0", "169", "1,2,3,4", "24;2", "2.5", "-1", "a", "24,"]) expect(readReminderHours(bad)).toBeNull();
  });

  it("reads the agenda time as HH:MM, empty for none", () => {
    expect(readAgendaMinutes("20:00")).toBe(1200);
    expect(readAgendaMinutes("7:05")).toBe(425);
    expect(readAgendaMinutes("")).toBe(-1);
    for (const bad of ["24:00", "20:60", "20", "8 pm", "20:0"]) expect(readAgendaMinutes(bad)).toBeNull();
  });

  it("falls back to the defaults for a missing or unreadable stored value", () => {
    expect(reminderHoursOf(undefined)).toEqual([24, 2]);
    expect(reminderHoursOf("nonsense")).toEqual([24, 2]);
    expect(reminderHoursOf("")).toEqual([]);
    expect(agendaMinutesOf(undefined)).toBe(1200);
    expect(agendaMinutesOf("")).toBeNull();
    expect(agendaMinutesOf("6:30")).toBe(390);
  });
});
