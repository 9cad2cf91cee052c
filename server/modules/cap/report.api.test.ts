import { sessionBounds } from "@/lib/cap/sessions";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import {
  createCapStudent,
  createCapWorld,
  createCourse,
  createSection,
  createSession,
  setAttendance,
  shiftDate,
  todayIn,
} from "@/tests/fixtures/cap-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: Awaited<ReturnType<typeof createCapWorld>>;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createCapWorld(ctx.db);
});
afterAll(() => ctx.close());

const admin = () => ({ token: w.adminToken, host: w.tenant.host });
const report = (sessionId: string, who = admin()) => ctx.call(`/administrator/cap/cap-sessions/${sessionId}/attendance-report`, who);

/** Yesterday 08:00–18:00 (school time) in a fresh course of a section with the given authorization number. */
async function pastSession(authorizationNumber: string | null) {
  const section = await createSection(ctx.db, w.tenant, { name: "Sede Sur", authorizationNumber });
  const course = await createCourse(ctx.db, w.tenant, section, { code: "28/2025/0137" });
  const date = shiftDate(todayIn(w.tenant.timeZone), -1);
  const bounds = sessionBounds(date, null, w.tenant.timeZone);
  const session = await createSession(ctx.db, w.tenant, course, new Date(bounds.start), new Date(bounds.end));
  // Local wall time HH:mm on that date, as an instant.
  const at = (time: string) => new Date(sessionBounds(date, { startTime: time, endTime: "23:59" }, w.tenant.timeZone).start);
  return { session, date, at };
}

describe("the attendance file", () => {
  it("has one line per student with entry and exit, and is audited", async () => {
    const { session, date, at } = await pastSession("CAP-28-0042");
    const [ana, bruno, carla] = await Promise.all([
      createCapStudent(ctx.db, w.tenant, { firstName: "Ana", surname1: "Abad" }),
      createCapStudent(ctx.db, w.tenant, { firstName: "Bruno", surname1: "Bravo" }),
      createCapStudent(ctx.db, w.tenant, { firstName: "Carla", surname1: "Cano" }),
    ]);
    await setAttendance(ctx.db, w.tenant, session.id, ana.id, at("07:58"), at("18:02"));
    await setAttendance(ctx.db, w.tenant, session.id, bruno.id, at("08:15"), null);
    await setAttendance(ctx.db, w.tenant, session.id, carla.id, at("08:00"), at("14:30"));

    const res = await report(session.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="asistencia_cap_28-2025-0137_${date}.txt"`);
    const ddMMyyyy = `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    expect(res.text).toBe(
      `CAP-28-0042;28/2025/0137;${ddMMyyyy};${ana.dni};07:58;18:02\r\n` + `CAP-28-0042;28/2025/0137;${ddMMyyyy};${carla.dni};08:00;14:30\r\n`,
    );
    const [audit] = (await listAudit(ctx.db, w.tenant.id, "cap.attendance_report_downloaded")).filter((a) => a.targetId === session.id);
    expect(audit!.details).toEqual({ lines: 2, manualLines: 2 }); // the fixture records both times by hand
  });

  it("answers NO_FULFILLED_ATTENDANCES when nobody has both entry and exit", async () => {
    const { session, at } = await pastSession("CAP-1");
    const s = await createCapStudent(ctx.db, w.tenant);
    await setAttendance(ctx.db, w.tenant, session.id, s.id, at("08:00"), null);
    const res = await report(session.id);
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("NO_FULFILLED_ATTENDANCES");
    expect(res.json.message).toMatch(/^Asistencias incompletas/);
  });

  it("answers AUTHORIZATION_CODE_NOT_CONFIGURED (400) when the section has no authorization number", async () => {
    const { session, at } = await pastSession(null);
    const s = await createCapStudent(ctx.db, w.tenant);
    await setAttendance(ctx.db, w.tenant, session.id, s.id, at("08:00"), at("18:00"));
    const res = await report(session.id);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("AUTHORIZATION_CODE_NOT_CONFIGURED");
    expect(res.json.message).toContain("código de autorización del centro");
    expect(res.json.message).toContain("«Sede Sur»");
  });

  it("answers 404 for another tenant's session and 403 for non-administrators", async () => {
    const { session } = await pastSession("CAP-1");
    expect((await report(session.id, { token: w.otherAdminToken, host: w.other.host })).status).toBe(404);
    expect((await report(session.id, { token: w.instructorToken, host: w.tenant.host })).status).toBe(403);
    expect((await report(session.id, { token: w.studentToken, host: w.tenant.host })).status).toBe(403);
    expect((await report("nope")).status).toBe(404);
  });
});
