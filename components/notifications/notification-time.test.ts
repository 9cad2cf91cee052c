import { notificationFullTime, notificationTime } from "./notification-time";

// Run with TZ=UTC: the device's clock is UTC here.
describe("when a notification came, as the list says it", () => {
  const now = "2025-05-14T12:00:00Z"; // a Wednesday

  it("says 'Ahora' within the first minute, and for a clock slightly behind the server's", () => {
    expect(notificationTime("2025-05-14T11:59:30Z", now)).toBe("Ahora");
    expect(notificationTime("2025-05-14T12:00:20Z", now)).toBe("Ahora");
  });

  it("counts minutes within the hour and hours within the day", () => {
    expect(notificationTime("2025-05-14T11:55:00Z", now)).toBe("Hace 5 min");
    expect(notificationTime("2025-05-14T11:00:01Z", now)).toBe("Hace 59 min");
    expect(notificationTime("2025-05-14T09:00:00Z", now)).toBe("Hace 3 h");
    expect(notificationTime("2025-05-14T00:00:00Z", now)).toBe("Hace 12 h");
  });

  it("says 'Ayer' with the time for the day before, even less than 24 h ago", () => {
    expect(notificationTime("2025-05-13T18:30:00Z", now)).toBe("Ayer, 18:30");
    expect(notificationTime("2025-05-13T22:00:00Z", "2025-05-14T00:30:00Z")).toBe("Ayer, 22:00");
    expect(notificationTime("2025-05-13T23:59:00Z", "2025-05-14T00:30:00Z")).toBe("Hace 31 min");
  });

  it("names the day and month before that, and the year only when it is not this one", () => {
    expect(notificationTime("2025-05-12T09:05:00Z", now)).toBe("lun 12 may, 09:05");
    expect(notificationTime("2024-12-31T20:00:00Z", now)).toBe("mar 31 dic 2024, 20:00");
  });

  it("writes the full moment for the title", () => {
    expect(notificationFullTime("2025-05-12T09:05:00Z")).toBe("12 de mayo de 2025, 09:05");
  });
});
