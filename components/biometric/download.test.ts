import { fileNameFromDisposition } from "./download";

describe("fileNameFromDisposition", () => {
  const fallback = "curso_session_abc.txt";

  it.each([
    ['attachment; filename="asistencia_cap_28-2025-0137_2025-05-12.txt"', "asistencia_cap_28-2025-0137_2025-05-12.txt"],
    ["attachment; filename=informe.txt", "informe.txt"],
    ["attachment; filename=\"plain.txt\"; filename*=UTF-8''sesi%C3%B3n.txt", "sesión.txt"],
    ["attachment; filename*=UTF-8''%E0%A4%A.txt; filename=\"fallback.txt\"", "fallback.txt"],
  ])("reads %s", (header, name) => {
    expect(fileNameFromDisposition(header, fallback)).toBe(name);
  });

  it("uses the spec's default name without a usable header", () => {
    expect(fileNameFromDisposition(null, fallback)).toBe(fallback);
    expect(fileNameFromDisposition("attachment", fallback)).toBe(fallback);
    expect(fileNameFromDisposition('attachment; filename=""', fallback)).toBe(fallback);
  });
});
