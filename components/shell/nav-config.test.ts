import { activeItem, isFullWidthPath, navItemsFor } from "./nav-config";

describe("navigation", () => {
  it("gives each area the spec's labels in order, and other roles an empty menu", () => {
    expect(navItemsFor("student").map((i) => i.name)).toEqual([
      "Reservas",
      "Chat",
      "Historial de prácticas",
      "Mi saldo",
      "Mi calendario",
      "Resultados de exámenes",
      "Próximos exámenes",
      "Contenidos",
    ]);
    expect(navItemsFor("instructor").map((i) => i.to)).toEqual([
      "/instructor/dashboard",
      "/instructor/chat",
      "/instructor/calendar",
      "/instructor/students",
      "/instructor/reservations",
      "/instructor/practices",
      "/instructor/exams",
      "/instructor/schedule",
    ]);
    expect(navItemsFor("administrator")[0]).toMatchObject({ to: "/", isExternalLink: true });
    expect(navItemsFor(null)).toEqual([]);
  });

  it("puts the unread badge on Chat only when above zero", () => {
    expect(navItemsFor("student", 0).find((i) => i.name === "Chat")?.badge).toBeUndefined();
    expect(navItemsFor("student", 4).find((i) => i.name === "Chat")?.badge).toBe(4);
  });

  it("highlights the most specific item", () => {
    const items = navItemsFor("administrator");
    expect(activeItem(items, "/biometric/students/abc")?.name).toBe("Alumnos");
    expect(activeItem(items, "/biometric/courses/1")?.name).toBe("Cursos CAP");
  });

  it("uses the full-width layout for chat paths only", () => {
    expect(isFullWidthPath("/student/chat")).toBe(true);
    expect(isFullWidthPath("/student/reservations")).toBe(false);
  });
});
