import { activeItem, isFullWidthPath, navGroups, navItemsFor } from "./nav-config";

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
    expect(navItemsFor("administrator")[0]).toMatchObject({ to: "/administrator", name: "Inicio" });
    expect(navItemsFor("administrator").some((i) => i.isExternalLink || i.to === "/")).toBe(false);
    expect(navItemsFor(null)).toEqual([]);
  });

  it("puts the unread badge on Chat only when above zero", () => {
    expect(navItemsFor("student", 0).find((i) => i.name === "Chat")?.badge).toBeUndefined();
    expect(navItemsFor("student", 4).find((i) => i.name === "Chat")?.badge).toBe(4);
  });

  it("highlights the most specific item", () => {
    const items = navItemsFor("administrator");
    expect(activeItem(items, "/biometric/students/abc")?.name).toBe("Alumnos CAP");
    expect(activeItem(items, "/biometric/courses/1")?.name).toBe("Cursos CAP");
    expect(activeItem(items, "/administrator/students/abc")?.name).toBe("Alumnos");
    expect(activeItem(items, "/administrator")?.name).toBe("Inicio");
    expect(activeItem(items, "/administrator/users")?.name).toBe("Usuarios");
  });

  it("groups the office's menu, every item once, with no name used twice", () => {
    const groups = navGroups(navItemsFor("administrator"));
    expect(groups.map((g) => g.title)).toEqual(["Escuela", "Operaciones", "CAP", "Administración"]);
    expect(groups[0]!.items.map((i) => i.name)).toEqual(["Inicio", "Alumnos", "Profesores", "Vehículos", "Permisos y asignaciones"]);
    const names = groups.flatMap((g) => g.items.map((i) => i.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(navItemsFor("administrator").length);
    // The student's and instructor's menus have no groups: one untitled run.
    expect(navGroups(navItemsFor("student")).map((g) => g.title)).toEqual([null]);
  });

  it("uses the full-width layout for chat paths only", () => {
    expect(isFullWidthPath("/student/chat")).toBe(true);
    expect(isFullWidthPath("/student/reservations")).toBe(false);
  });
});
