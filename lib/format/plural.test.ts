import { countOf, plural } from "./plural";

describe("Spanish plurals", () => {
  it.each([
    [0, "0 solicitudes"],
    [1, "1 solicitud"],
    [2, "2 solicitudes"],
    [21, "21 solicitudes"],
  ])("%i → %s", (n, text) => {
    expect(countOf(n, "solicitud", "solicitudes")).toBe(text);
  });

  it("agrees a following word too", () => {
    expect(`${countOf(1, "alumno", "alumnos")} ${plural(1, "inscrito", "inscritos")}`).toBe("1 alumno inscrito");
    expect(`${countOf(3, "alumno", "alumnos")} ${plural(3, "inscrito", "inscritos")}`).toBe("3 alumnos inscritos");
  });
});
