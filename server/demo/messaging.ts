import type { Db } from "../db/client";
import { conversationParticipants, conversations, messages } from "../db/schema/messaging";
import type { CoreSeed } from "./core";

type Line = { from: string; body: string; minutesAgo: number };

const MINUTE = 60_000;

// One conversation with its messages; `unreadFor` has not read the last `unread` lines, the other side read all.
async function talk(db: Db, tenantId: string, a: string, b: string, lines: Line[], now: Date, unread = 0): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const at = (l: Line) => new Date(now.getTime() - l.minutesAgo * MINUTE);
  const last = at(lines[lines.length - 1]!);
  const [conv] = await db.insert(conversations).values({ tenantId, userLowId: low, userHighId: high, createdAt: at(lines[0]!), lastMessageAt: last }).returning();
  await db.insert(messages).values(lines.map((l) => ({ tenantId, conversationId: conv!.id, authorId: l.from, body: l.body, createdAt: at(l) })));
  const unreadLines = unread > 0 ? lines.slice(-unread) : [];
  const reader = unreadLines[0] ? (unreadLines[0].from === a ? b : a) : null;
  const readBefore = unreadLines[0] ? new Date(at(unreadLines[0]).getTime() - 1000) : last;
  await db.insert(conversationParticipants).values(
    [a, b].map((userId) => ({
      conversationId: conv!.id,
      tenantId,
      userId,
      partnerId: userId === a ? b : a,
      unreadCount: userId === reader ? unread : 0,
      lastReadAt: userId === reader ? readBefore : last,
    })),
  );
}

// Demo conversations between the demo users of each school; `alumno` has unread messages.
export async function seedMessaging(db: Db, core: CoreSeed, now: Date): Promise<void> {
  const d = core.demo.users;
  const n = core.norte.users;
  await talk(db, core.demo.tenantId, d.alumno!, d.profesor!, [
    { from: d.alumno!, body: "Hola Carlos, ¿podemos repasar las rotondas en la próxima clase?", minutesAgo: 3 * 24 * 60 },
    { from: d.profesor!, body: "¡Claro, Lucía! Empezaremos por las de dos carriles.", minutesAgo: 3 * 24 * 60 - 30 },
    { from: d.profesor!, body: "Recuerda traer el DNI el día del examen.", minutesAgo: 90 },
    { from: d.profesor!, body: "Y llega 15 minutos antes, por favor.", minutesAgo: 85 },
  ], now, 2);
  await talk(db, core.demo.tenantId, d.admin!, d.alumno!, [
    { from: d.admin!, body: "Hola Lucía, ya tienes disponible el material del permiso B.", minutesAgo: 2 * 24 * 60 },
  ], now, 1);
  await talk(db, core.demo.tenantId, d.profesora!, d.admin!, [
    { from: d.profesora!, body: "Ana, el coche 2 necesita revisión de frenos.", minutesAgo: 5 * 24 * 60 },
    { from: d.admin!, body: "Gracias, Marta. Lo llevamos al taller el lunes.", minutesAgo: 5 * 24 * 60 - 60 },
  ], now);
  await talk(db, core.norte.tenantId, n["norte.alumno"]!, n["norte.profesor"]!, [
    { from: n["norte.alumno"]!, body: "Buenos días, ¿mañana a las 10 sigue en pie?", minutesAgo: 24 * 60 },
    { from: n["norte.profesor"]!, body: "Sí, nos vemos en la autoescuela.", minutesAgo: 23 * 60 },
  ], now, 1);
}
