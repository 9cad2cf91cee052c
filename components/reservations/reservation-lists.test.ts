import type { Reservation } from "@/lib/contract/reservations";
import { isLessonDone, reservationStatusLabel } from "@/lib/contract/constants/reservations";
import { applyFilters, countActive, filterOptions, isActiveStatus, NO_FILTERS, splitByTime } from "./reservation-lists";

const NOW = Date.UTC(2030, 0, 10, 12);
let seq = 0;
const reservation = (startHour: number, overrides: Partial<Reservation> = {}): Reservation => {
  const start = new Date(NOW + startHour * 3_600_000);
  return {
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    status: "confirmed",
    instructor: "Carlos Ruiz",
    instructorId: "00000000-0000-4000-8000-000000000001",
    license: "B",
    licenseCode: "b",
    duration: 3600,
    message: null,
    hasCancellationRequest: false,
    cancellationReason: null,
    cancellationResponse: null,
    canRequestCancellation: false,
    canCancel: false,
    canMove: false,
    isDone: false,
    ...overrides,
  };
};

describe("splitByTime", () => {
  it("puts a reservation under upcoming while its end is later than now", () => {
    const running = reservation(-0.5); // started 30 min ago, ends in 30 min
    const ended = reservation(-1); // ends exactly now
    const old = reservation(-48);
    const future = reservation(24);
    const { upcoming, previous } = splitByTime([old, ended, running, future], NOW);
    expect(upcoming).toEqual([running, future]);
    expect(previous).toEqual([ended, old]);
  });
});

describe("filters", () => {
  const list = [
    reservation(1, { instructor: "Marta Gómez", license: "A2" }),
    reservation(2),
    reservation(3, { instructor: "Álvaro Díaz", license: "B" }),
  ];

  it("offers the distinct instructors and licences, sorted", () => {
    expect(filterOptions(list)).toEqual({ instructors: ["Álvaro Díaz", "Carlos Ruiz", "Marta Gómez"], licenses: ["A2", "B"] });
  });

  it("filters by instructor and by licence", () => {
    expect(applyFilters(list, NO_FILTERS)).toHaveLength(3);
    expect(applyFilters(list, { instructor: "Carlos Ruiz", license: "all" })).toEqual([list[1]]);
    expect(applyFilters(list, { instructor: "all", license: "B" })).toEqual([list[1], list[2]]);
  });

  it("treats requested and confirmed as active", () => {
    expect(["requested", "confirmed", "denied", "anulled", "cancelled"].map((s) => isActiveStatus(s as never))).toEqual([
      true, true, false, false, false,
    ]);
  });
});

describe("the 'Próximas reservas' count", () => {
  it("counts only what is still ahead and active, though the tab lists the cancelled and annulled ones too", () => {
    const list = [
      reservation(2, { status: "requested" }),
      reservation(3),
      reservation(4, { status: "cancelled" }),
      reservation(5, { status: "anulled" }),
      reservation(6, { status: "denied" }),
      reservation(-30), // over: under 'anteriores'
    ];
    const { upcoming } = splitByTime(list, NOW);
    expect(upcoming).toHaveLength(5);
    expect(countActive(upcoming)).toBe(2);
  });
});

describe("'Realizada' on the list's clock", () => {
  it("reads 'Realizada' once a confirmed lesson's end has passed, and 'Confirmada' while it is ahead or under way", () => {
    const running = reservation(-0.5);
    expect(reservationStatusLabel(running, NOW)).toBe("Confirmada");
    expect(reservationStatusLabel(running, NOW + 30 * 60_000)).toBe("Realizada"); // its end
    expect(isLessonDone(reservation(-3), NOW)).toBe(true);
    expect(reservationStatusLabel(reservation(-3, { status: "cancelled" }), NOW)).toBe("Cancelada");
  });
});
