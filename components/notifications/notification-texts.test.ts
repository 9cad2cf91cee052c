import { badgeText, bellLabel, safeLink, unreadSummary } from "./notification-texts";

describe("the bell's texts", () => {
  it("caps the badge at '99+'", () => {
    expect([1, 99, 100, 1234].map(badgeText)).toEqual(["1", "99", "99+", "99+"]);
  });

  it("names the bell with the unread count, containing the badge's text (WCAG 2.5.3)", () => {
    expect(bellLabel(0)).toBe("Notificaciones");
    expect(bellLabel(3)).toBe("Notificaciones, 3 sin leer");
    expect(bellLabel(150)).toBe("Notificaciones, 99+ sin leer");
  });

  it("sums up the unread ones under the title", () => {
    expect(unreadSummary(0)).toBe("No tienes notificaciones sin leer");
    expect(unreadSummary(2)).toBe("2 sin leer");
  });
});

describe("where a tap goes", () => {
  it("follows app paths only", () => {
    expect(safeLink("/student/reservations?id=1")).toBe("/student/reservations?id=1");
    expect(safeLink("/notificaciones")).toBe("/notificaciones");
  });

  it("does not follow another origin, a protocol-relative or a script link", () => {
    for (const link of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeLink(link)).toBeNull();
    }
  });
});
