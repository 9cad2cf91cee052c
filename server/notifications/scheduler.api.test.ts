import { eq } from "drizzle-orm";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { drainJobs } from "@/tests/fixtures/jobs";
import { notificationsOf, pendingJobs } from "@/tests/fixtures/notification-factories";
import { HOUR, TZ, addStudent, createBookingWorld, insertReservation, localSlot, setSettings, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { agendaJobKey } from "./agenda";
import { runSchedulerTick } from "./scheduler";

// The timed notifications (issue 29): the instructor's agenda for tomorrow, a chat message still unread after two
// minutes, a cancellation request nobody answered in 24 hours. Jobs run with a chosen clock.
jest.setTimeout(180_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const MIN = 60_000;
const today = () => localDate(Date.now(), TZ);
const localAt = (date: string, hhmm: string) => new Date(localToUtc(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)), TZ));

describe("the instructor's agenda for tomorrow", () => {
  it("comes at the school's time with the confirmed lessons of the next day; an instructor without lessons hears nothing", async () => {
    const second = await addStudent(ctx.db, w);
    await insertReservation(ctx.db, w, localSlot(1, 10), "confirmed");
    await insertReservation(ctx.db, { ...w, student: second.student }, localSlot(1, 12, 2), "confirmed");
    await insertReservation(ctx.db, w, localSlot(1, 16), "requested");
    await insertReservation(ctx.db, w, localSlot(2, 9), "confirmed");
    const idle = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });

    expect(await runSchedulerTick(ctx.db, localAt(today(), "08:00"))).toBe(true);
    const [job] = await pendingJobs(ctx.db, agendaJobKey(w.tenant.id, today()));
    expect(job!.runAt).toEqual(localAt(today(), "20:00"));
    await drainJobs(ctx.db, localAt(today(), "19:59"));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
    await drainJobs(ctx.db, localAt(today(), "20:00"));
    const tomorrow = addDays(today(), 1);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({
        kind: "agenda-tomorrow",
        category: "reminders",
        title: "Tu agenda de mañana",
        body: "2 clases, de 10:00 a 14:00. Primera: 10:00 con Lucía Martín.",
        link: `/instructor/calendar?date=${tomorrow}`,
      }),
    ]);
    expect(await notificationsOf(ctx.db, idle.id)).toEqual([]);
    // The next ticks of the day add nothing (the day's job has run).
    await runSchedulerTick(ctx.db, localAt(today(), "20:05"));
    await drainJobs(ctx.db, localAt(today(), "20:06"));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toHaveLength(1);
  });

  it("moves with the school's setting, and stops when the school turns it off", async () => {
    await insertReservation(ctx.db, w, localSlot(1, 10), "confirmed");
    await setSettings(ctx.db, w.tenant, { instructor_agenda_time: "18:30" });
    await runSchedulerTick(ctx.db, localAt(today(), "08:00"));
    expect((await pendingJobs(ctx.db, agendaJobKey(w.tenant.id, today())))[0]!.runAt).toEqual(localAt(today(), "18:30"));
    await setSettings(ctx.db, w.tenant, { instructor_agenda_time: "" });
    await runSchedulerTick(ctx.db, localAt(today(), "08:01"));
    expect(await pendingJobs(ctx.db, agendaJobKey(w.tenant.id, today()))).toEqual([]);
    await drainJobs(ctx.db, localAt(today(), "21:00"));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
  });
});

describe("a chat message still unread after two minutes", () => {
  const open = async (token: string, partnerId: string) =>
    (await ctx.call("/messaging/conversations", { method: "POST", host: w.tenant.host, token, body: { partnerId } })).json.id as string;
  const send = (token: string, id: string, body: string) =>
    ctx.call(`/messaging/conversations/${id}/messages`, { method: "POST", host: w.tenant.host, token, body: { body } });
  const read = (token: string, id: string) => ctx.call(`/messaging/conversations/${id}/read`, { method: "POST", host: w.tenant.host, token });
  const inMinutes = (m: number) => new Date(Date.now() + m * MIN);

  it("tells the reader, either way between student and staff, once after a burst; a read message tells nothing", async () => {
    const id = await open(w.studentToken, w.instructor.id);
    expect((await send(w.studentToken, id, "Hola, ¿mañana a las 10?")).status).toBe(201);
    await drainJobs(ctx.db, inMinutes(1));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
    await drainJobs(ctx.db, inMinutes(2.2));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({ kind: "chat-unread", category: "chat", title: "Mensaje de Lucía Martín", body: "«Hola, ¿mañana a las 10?»", link: `/instructor/chat?conversation=${id}` }),
    ]);

    // The instructor reads and answers in three messages: the student is told once, of the last.
    await read(w.instructorToken, id);
    for (const text of ["Sí", "A las 10 en la autoescuela", "Trae el DNI"]) expect((await send(w.instructorToken, id, text)).status).toBe(201);
    await drainJobs(ctx.db, inMinutes(2.5));
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({ title: "Mensaje de Carlos Ruiz", body: "3 mensajes sin leer. El último: «Trae el DNI»", link: `/student/chat?conversation=${id}` }),
    ]);

    // Read within the two minutes: nothing.
    await send(w.studentToken, id, "Perfecto");
    await read(w.instructorToken, id);
    await drainJobs(ctx.db, inMinutes(3));
    expect(await notificationsOf(ctx.db, w.instructor.id)).toHaveLength(1);
  });

  it("reaches the office's side too", async () => {
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Oficina" });
    const id = await open(await tokenFor(admin, w.tenant), w.student.id);
    await send(await tokenFor(admin, w.tenant), id, "Tu recibo está listo");
    await send(w.studentToken, id, "Gracias");
    await drainJobs(ctx.db, inMinutes(2.5));
    // The student answered (and so read the office's message); the office has not read the answer.
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([]);
    expect(await notificationsOf(ctx.db, admin.id)).toEqual([
      expect.objectContaining({ title: "Mensaje de Lucía Martín", body: "«Gracias»", link: `/administrator/chat?conversation=${id}` }),
    ]);
  });
});

describe("a cancellation request waiting more than 24 hours", () => {
  const request = (id: string) =>
    ctx.call(`/student/reservations/${id}/request-cancellation`, { method: "POST", host: w.tenant.host, token: w.studentToken, body: { reason: "Me mudo" } });

  it("goes to the school's administrators, once; an answered one does not", async () => {
    const admins = [
      await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }),
      await createUser(ctx.db, w.tenant, { roles: ["ROLE_SUPERADMIN"] }),
    ];
    const gone = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], isActive: false });
    const slot = localSlot(6, 10);
    const waiting = await insertReservation(ctx.db, w, slot, "confirmed");
    const answered = await insertReservation(ctx.db, w, localSlot(6, 13), "confirmed");
    await request(waiting.id);
    await request(answered.id);
    await ctx.call(`/instructor/reservations/${answered.id}/cancellation-request/reject`, {
      method: "POST",
      host: w.tenant.host,
      token: w.instructorToken,
      body: { reason: "No" },
    });
    await drainJobs(ctx.db, new Date(Date.now() + 23.9 * HOUR * 1000));
    expect(await notificationsOf(ctx.db, admins[0]!.id)).toEqual([]);
    await drainJobs(ctx.db, new Date(Date.now() + 24.1 * HOUR * 1000));
    for (const admin of admins) {
      expect(await notificationsOf(ctx.db, admin.id)).toEqual([
        expect.objectContaining({
          kind: "cancellation-stale",
          category: "office",
          title: "Cancelación sin responder",
          body: expect.stringMatching(/^Lucía Martín pidió hace más de 24 horas cancelar su clase del .+ · 10:00–11:00 con Carlos Ruiz\.$/),
          link: `/administrator/chat?user=${w.instructor.id}`,
        }),
      ]);
    }
    expect(await notificationsOf(ctx.db, gone.id)).toEqual([]);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toHaveLength(2); // the two requests themselves
  });

  it("checks the request again when due", async () => {
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const r = await insertReservation(ctx.db, w, localSlot(6, 10), "confirmed");
    await request(r.id);
    // Answered by a path that left the job in place: the job finds nothing pending.
    await ctx.db.update(reservations).set({ cancellationRequestStatus: "rejected" }).where(eq(reservations.id, r.id));
    await drainJobs(ctx.db, new Date(Date.now() + 25 * HOUR * 1000));
    expect(await notificationsOf(ctx.db, admin.id)).toEqual([]);
  });
});
