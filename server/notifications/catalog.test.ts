import fs from "node:fs";
import path from "node:path";
import { catalog, catalogEntry, NOTIFICATION_KINDS, type NotificationParams } from "./catalog";

// Long but real names and the longest texts each kind can carry: what a push notification must still show.
const LONG: NotificationParams = {
  instructor: "María Fernanda Gutiérrez Villanueva",
  student: "José Antonio Rodríguez-Castellanos Pérez",
  author: "María Fernanda Gutiérrez Villanueva",
  firstStudent: "José Antonio Rodríguez-Castellanos Pérez",
  when: "mié 30 dic 2026 · 22:00 – jue 31 dic 2026 · 00:30",
  reason: "El vehículo está en el taller y no hay otro disponible",
  license: "Recuperación C",
  examType: "Circulación",
  date: "mié 30 dic 2026 · 09:30",
  result: "No presentado",
  amount: "1.234,56 €",
  balance: "12h 30m",
  km: 123,
  count: 12,
  from: "08:00",
  to: "21:00",
  preview: "x".repeat(80),
  area: "instructor",
  via: "card",
  reservationId: "00000000-0000-4000-8000-000000000001",
  practiceId: "00000000-0000-4000-8000-000000000002",
  conversationId: "00000000-0000-4000-8000-000000000003",
  instructorId: "00000000-0000-4000-8000-000000000004",
  studentId: "00000000-0000-4000-8000-000000000005",
};

// The app's pages (app/(app)/.../page.tsx) as paths.
const PAGES = new Set(
  (fs.readdirSync(path.join(process.cwd(), "app/(app)"), { recursive: true }) as string[])
    .filter((f) => f.endsWith("page.tsx"))
    .map((f) => `/${path.dirname(f)}`),
);

describe("the notification catalog", () => {
  it.each(NOTIFICATION_KINDS)("%s: Spanish text short enough for a push notification, linking to a page of the app", (kind) => {
    const { title, body, link } = catalogEntry(kind)!.build(LONG);
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(body.length).toBeLessThanOrEqual(200);
    expect(`${title} ${body}`).not.toMatch(/undefined|null|NaN|\[object/);
    const url = new URL(link, "https://volante.test");
    expect(PAGES).toContain(url.pathname);
  });

  it("writes what the person needs to know", () => {
    const p = { instructor: "Carlos Ruiz", student: "Lucía Martín", when: "mar 1 dic · 12:00–14:00", reservationId: "r1" };
    expect(catalog["reservation-confirmed"].build(p)).toEqual({
      title: "Clase confirmada",
      body: "Carlos Ruiz ha confirmado tu clase del mar 1 dic · 12:00–14:00.",
      link: "/student/reservations?id=r1",
    });
    expect(catalog["reservation-denied"].build({ ...p, reason: "Coche en el taller" }).body).toBe(
      "Carlos Ruiz ha denegado tu clase del mar 1 dic · 12:00–14:00: Coche en el taller. Se te ha devuelto el saldo.",
    );
    expect(catalog["reservation-denied"].build({ ...p, reason: null }).body).toBe(
      "Carlos Ruiz ha denegado tu clase del mar 1 dic · 12:00–14:00. Se te ha devuelto el saldo.",
    );
    expect(catalog["cancellation-rejected"].build({ ...p, reason: "Demasiado tarde" }).body).toBe(
      "Tu clase del mar 1 dic · 12:00–14:00 sigue en pie. Motivo: Demasiado tarde.",
    );
    expect(catalog["reservation-requested"].build({ ...p, count: 3 }).body).toBe("Lucía Martín solicita 3 clases: mar 1 dic · 12:00–14:00 y 2 más.");
    expect(catalog["reservation-requested"].build({ ...p, count: 1 }).body).toBe("Lucía Martín solicita una clase: mar 1 dic · 12:00–14:00.");
    expect(catalog["cancellation-requested"].build({ ...p, reason: "Estoy enferma" }).body).toBe(
      "Lucía Martín pide cancelar la clase del mar 1 dic · 12:00–14:00: «Estoy enferma».",
    );
    expect(catalog["chat-unread"].build({ author: "Carlos Ruiz", preview: "Hola", count: 1, area: "student", conversationId: "c1" })).toEqual({
      title: "Mensaje de Carlos Ruiz",
      body: "«Hola»",
      link: "/student/chat?conversation=c1",
    });
    expect(catalog["chat-unread"].build({ author: "A", preview: "Hola", count: 3, area: "instructor", conversationId: "c1" }).body).toBe(
      "3 mensajes sin leer. El último: «Hola»",
    );
    expect(catalog["agenda-tomorrow"].build({ count: 1, from: "09:00", to: "10:00", firstStudent: "Lucía Martín", date: "2026-12-02" })).toEqual({
      title: "Tu agenda de mañana",
      body: "Una clase, de 09:00 a 10:00. Primera: 09:00 con Lucía Martín.",
      link: "/instructor/calendar?date=2026-12-02",
    });
    expect(catalog["balance-credited"].build({ amount: "2h", balance: "5h", via: "desk" }).body).toBe(
      "Se han añadido 2h a tu saldo en la autoescuela. Saldo actual: 5h.",
    );
    expect(catalog["slot-freed"].build({ instructor: "Carlos Ruiz", when: "mar 1 dic · 12:00–13:00", instructorId: "i1", date: "2026-12-01" }).link).toBe(
      "/student/reservations/new?instructor=i1&date=2026-12-01",
    );
  });

  it("knows only its own kinds", () => {
    expect(catalogEntry("nope")).toBeNull();
    expect(catalogEntry("toString")).toBeNull();
  });
});
