import { and, eq, inArray } from "drizzle-orm";
import { balanceMovements, reservations } from "@/server/db/schema/reservations";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { startApiProcess, type ApiProcess } from "@/tests/fixtures/api-process";
import { startBalancer, type Balancer } from "@/tests/fixtures/balancer";
import { addStudent, createBookingWorld, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

// A replica restarted under steady load (issue 32 §2): two API processes on one PostgreSQL behind a balancer that
// follows /api/ready; mixed reads and bookings at ~200 requests/s; one replica gets SIGTERM and a new one takes its
// place. Nothing may notice: no connection error, no unexpected status, no booking half-written.
// A bench, not a suite member: timing under load on a machine shared with the suite's own workers is not a fact about
// the code (server/cluster.test.ts proves the mechanism deterministically). `npm run bench:restart` runs it.
const url = process.env.DATABASE_URL;
const describePg = url && process.env.RESTART_RATE ? describe : describe.skip;
const SECRET = "graceful-restart-internal-secret-0123456789";
// `npm run bench:restart` runs it at the capacity plan's ~200 requests/s (RESTART_RATE) on a quiet machine.
const RATE_PER_SECOND = Number(process.env.RESTART_RATE ?? 200);
const SECONDS = Number(process.env.RESTART_SECONDS ?? 10);

describePg("a replica restarted under load", () => {
  let ctx: ApiContext;
  let w: BookingWorld;
  let replicas: ApiProcess[] = [];
  let balancer: Balancer;
  const env = { DATABASE_URL: url!, INTERNAL_API_SECRET: SECRET, SHUTDOWN_DRAIN_MS: "800", SHUTDOWN_TIMEOUT_MS: "25000", LOG_LEVEL: "warn" };

  beforeAll(async () => {
    ctx = await createApiContext();
    w = await createBookingWorld(ctx.db);
    replicas = await Promise.all([1, 2].map(() => startApiProcess(env)));
    balancer = await startBalancer(replicas.map((r) => r.port));
  }, 240_000);
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await ctx?.close();
  });

  it("loses nothing: 0 connection errors, 0 unexpected statuses, every booking whole", async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => addStudent(ctx.db, w, 400 * 3600)));
    // Distinct free slots (instructor open 08–20 every day; 12 h notice; 60-day horizon): days 2…59, 8:00…19:00.
    const slots = Array.from({ length: 58 * 12 }, (_, i) => localSlot(2 + Math.floor(i / 12), 8 + (i % 12)));
    const headers = (token: string) => ({
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      [TENANT_HOST_HEADER]: w.tenant.host,
      [INTERNAL_SECRET_HEADER]: SECRET,
    });
    const outcomes: { kind: string; status: number | string }[] = [];
    const booked: string[] = [];
    let slotIndex = 0;
    const one = async (i: number) => {
      const student = students[i % students.length]!;
      const isBooking = i % 10 === 0;
      try {
        if (isBooking) {
          const slot = slots[slotIndex++]!;
          const res = await fetch(`${balancer.url}/student/reservations`, {
            method: "POST",
            headers: headers(student.token),
            body: JSON.stringify({ instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] }),
          });
          const body = (await res.json()) as { reservations?: { id: string }[]; id?: string };
          if (res.status === 201) booked.push(student.student.id);
          outcomes.push({ kind: "booking", status: res.status });
          void body;
        } else {
          const path = i % 2 ? "/student/balance" : "/student/reservations";
          const res = await fetch(`${balancer.url}${path}`, { headers: headers(student.token) });
          await res.arrayBuffer();
          outcomes.push({ kind: "read", status: res.status });
        }
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({ kind: isBooking ? "booking" : "read", status: `connection error at ${Date.now() - started} ms: ${cause?.code ?? cause?.message ?? (error as Error).message}` });
      }
    };

    const inFlight: Promise<void>[] = [];
    const total = RATE_PER_SECOND * SECONDS;
    const started = Date.now();
    const events: string[] = [];
    let restart: Promise<void> | undefined;
    for (let i = 0; i < total; i++) {
      // Open loop at the planned rate, whatever the answers take.
      const due = started + (i * 1000) / RATE_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(one(i));
      if (i === RATE_PER_SECOND * 2) {
        // Two seconds in: replace replica 0 as an orchestrator does (start the new one, then stop the old one).
        restart = (async () => {
          events.push(`restart begins at ${Date.now() - started} ms`);
          const fresh = await startApiProcess(env);
          balancer.add(fresh.port);
          await balancer.waitReady(fresh.port);
          events.push(`new replica ready at ${Date.now() - started} ms; SIGTERM to the old one`);
          const old = replicas[0]!;
          const exit = new Promise<number | null>((resolve) => old.child.once("exit", (code) => resolve(code)));
          old.child.kill("SIGTERM");
          expect(await exit).toBe(0);
          events.push(`old replica exited at ${Date.now() - started} ms`);
          balancer.remove(old.port);
          replicas[0] = fresh;
        })();
      }
    }
    await Promise.all(inFlight);
    await restart;
    const seconds = (Date.now() - started) / 1000;

    const unexpected = outcomes.filter((o) => !(o.status === 200 || (o.kind === "booking" && o.status === 201)));
    expect({ unexpected: unexpected.slice(0, 10), failures: balancer.stats.failures.slice(0, 10), events }).toEqual({ unexpected: [], failures: [], events });
    expect(outcomes).toHaveLength(total);
    expect(seconds).toBeLessThan(SECONDS * 3);

    // Every booking answered 201 is whole (reservation + its debit), and nothing else was written.
    const rows = await ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, w.tenant.id), inArray(reservations.status, ["requested", "confirmed"])));
    expect(rows).toHaveLength(booked.length);
    const debits = await ctx.db
      .select({ id: balanceMovements.id })
      .from(balanceMovements)
      .where(and(eq(balanceMovements.tenantId, w.tenant.id), eq(balanceMovements.description, "reserva_solicitada")));
    expect(debits).toHaveLength(booked.length);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
    console.log(
      `restart under load: ${total} requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s), ${booked.length} bookings, ` +
        `balancer retried ${balancer.stats.retriedRefused} refused connection(s) and ${balancer.stats.retriedReset} read(s) on a closed kept-alive connection, 0 errors; ${events.join("; ")}`,
    );
  }, 240_000);
});
