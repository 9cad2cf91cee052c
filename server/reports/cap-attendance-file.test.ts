import { attendanceFileName, buildAttendanceFile } from "./cap-attendance-file";

const MADRID = "Europe/Madrid";
const base = {
  authorizationNumber: "CAP-28-0042",
  courseCode: "28/2025/0137",
  sessionStart: new Date("2025-05-12T06:00:00Z"),
  timeZone: MADRID,
};
const at = (iso: string) => new Date(iso);

describe("the CAP attendance file", () => {
  it("writes one ';'-separated CRLF line per student with entry and exit, in school-local time", () => {
    const file = buildAttendanceFile({
      ...base,
      attendances: [
        { studentName: "Zoe Ruiz", dni: "12345678Z", in: at("2025-05-12T05:58:00Z"), out: at("2025-05-12T16:02:00Z") },
        { studentName: "Álvaro Gil", dni: "x1234567l", in: at("2025-05-12T06:10:00Z"), out: at("2025-05-12T15:45:00Z") },
        { studentName: "Sin Salida", dni: "00000000T", in: at("2025-05-12T06:00:00Z"), out: null },
        { studentName: "Sin Entrada", dni: "99999999R", in: null, out: null },
      ],
    });
    expect(file).toBe(
      "CAP-28-0042;28/2025/0137;12/05/2025;X1234567L;08:10;17:45\r\n" + "CAP-28-0042;28/2025/0137;12/05/2025;12345678Z;07:58;18:02\r\n",
    );
  });

  it("uses the session's local date, also when UTC is still on the day before", () => {
    const file = buildAttendanceFile({
      ...base,
      sessionStart: new Date("2025-01-14T23:30:00Z"), // 00:30 on the 15th in Madrid
      attendances: [{ studentName: "A", dni: "12345678Z", in: at("2025-01-14T23:35:00Z"), out: at("2025-01-15T07:00:00Z") }],
    });
    expect(file).toBe("CAP-28-0042;28/2025/0137;15/01/2025;12345678Z;00:35;08:00\r\n");
  });

  it("keeps separators and line breaks out of the fields", () => {
    const file = buildAttendanceFile({
      ...base,
      authorizationNumber: " CAP;1\n ",
      attendances: [{ studentName: "A", dni: "12345678Z", in: at("2025-05-12T06:00:00Z"), out: at("2025-05-12T07:00:00Z") }],
    });
    expect(file.split(";")).toHaveLength(6);
    expect(file.startsWith("CAP1;")).toBe(true);
  });

  it("is empty when nobody has both times", () => {
    expect(buildAttendanceFile({ ...base, attendances: [{ studentName: "A", dni: "12345678Z", in: at("2025-05-12T06:00:00Z"), out: null }] })).toBe("");
  });

  it("names the file after the course code and the local date", () => {
    expect(attendanceFileName("28/2025/0137", base.sessionStart, MADRID)).toBe("asistencia_cap_28-2025-0137_2025-05-12.txt");
    expect(attendanceFileName("///", base.sessionStart, MADRID)).toBe("asistencia_cap_curso_2025-05-12.txt");
  });
});
