import crypto from "node:crypto";
import http from "node:http";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "../lib/tenant/host";
import type { PeakStudent } from "./bench-peak-world";

// One student at 20:00 (scripts/bench-peak.ts), with the calls the booking pages make: the calendar of this week (the
// wizard opens on it) and of next week, a booking of one free hour of next week (a slot taken meanwhile is answered
// 409 SLOTS_UNAVAILABLE: the student reads the week again and picks another, up to three times), then the two reads the
// pages refresh after a booking (upcoming reservations and the balance). Five calls when nothing is taken.

export type CallKind = "calendar" | "booking" | "list" | "balance";
export type Call = { kind: CallKind; status: number; ms: number; endedAt: number };

/** Where the calls go: the production server's BFF (session cookie) or the API process (bearer token). */
export type Transport = { mode: "bff" | "api"; internalSecret: string; ports: number[]; agents: http.Agent[] };

export class Recorder {
  calls: Call[] = [];
  errors: string[] = [];
  booked = 0;
  taken = 0;
  withoutSlot = 0;
  gaveUp = 0;
  resent = 0;
}

type Answer = { status: number; body: string };

function send(port: number, method: string, path: string, headers: Record<string, string>, body: string | undefined, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { isReusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

/**
 * A kept-alive connection the server closes (idle for its keep-alive timeout) just as a request is written on it is
 * reset before any answer: browsers send such a request again on a new connection, and so does this (once; a booking
 * keeps its Idempotency-Key, so the server answers it once whatever happened to the first copy).
 */
async function sendAsABrowserDoes(recorder: Recorder, ...args: Parameters<typeof send>): Promise<Answer> {
  try {
    return await send(...args);
  } catch (error) {
    const { code, isReusedSocket } = error as NodeJS.ErrnoException & { isReusedSocket?: boolean };
    if (!isReusedSocket || code !== "ECONNRESET") throw error;
    recorder.resent += 1;
    return send(...args);
  }
}

const MAX_ATTEMPTS = 3;
const EXPECTED: Record<CallKind, number[]> = { calendar: [200], booking: [201, 409], list: [200], balance: [200] };
let nextTarget = 0;

type CalendarEvent = { start: string; end: string; type: string };

export async function studentJourney(
  student: PeakStudent,
  weeks: { current: { start: string; end: string }; next: { start: string; end: string } },
  transport: Transport,
  recorder: Recorder,
): Promise<void> {
  const headers = (extra: Record<string, string> = {}): Record<string, string> =>
    transport.mode === "bff"
      ? { host: student.host, cookie: student.cookie, ...extra }
      : { host: student.host, authorization: `Bearer ${student.token}`, [TENANT_HOST_HEADER]: student.host, [INTERNAL_SECRET_HEADER]: transport.internalSecret, ...extra };

  // Requests alternate between the instances, as a round-robin load balancer in front of them would send them.
  const call = async (kind: CallKind, method: string, path: string, body?: string, extra?: Record<string, string>): Promise<{ status: number; text: string } | null> => {
    const i = nextTarget++ % transport.ports.length;
    const started = performance.now();
    try {
      const answer = await sendAsABrowserDoes(recorder, transport.ports[i]!, method, path, headers(extra), body, transport.agents[i]!);
      recorder.calls.push({ kind, status: answer.status, ms: performance.now() - started, endedAt: performance.now() });
      const isTaken = kind === "booking" && answer.status === 409 && answer.body.includes('"SLOTS_UNAVAILABLE"');
      if (!EXPECTED[kind].includes(answer.status) || (answer.status === 409 && !isTaken)) {
        recorder.errors.push(`${kind} ${method} ${path.split("?")[0]} → ${answer.status} ${answer.body.slice(0, 160)}`);
        return null;
      }
      return { status: answer.status, text: answer.body };
    } catch (error) {
      recorder.calls.push({ kind, status: 0, ms: performance.now() - started, endedAt: performance.now() });
      recorder.errors.push(`${kind} ${method} ${path.split("?")[0]} → ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return null;
    }
  };
  const calendar = async (range: { start: string; end: string }): Promise<CalendarEvent[] | null> => {
    const query = new URLSearchParams({ instructor: student.instructorId, start: range.start, end: range.end, duration: "3600" });
    const answer = await call("calendar", "GET", `/api/student/reservations/calendar?${query}`);
    return answer ? (JSON.parse(answer.text) as CalendarEvent[]) : null;
  };

  if (!(await calendar(weeks.current))) return;
  let events = await calendar(weeks.next);
  const tried = new Set<string>();
  for (let attempt = 0; events; attempt++) {
    if (attempt === MAX_ATTEMPTS) {
      recorder.gaveUp += 1;
      break;
    }
    const free = events.filter((e) => e.type === "available" && !tried.has(e.start));
    if (free.length === 0) {
      recorder.withoutSlot += 1;
      break;
    }
    const slot = free[crypto.randomInt(free.length)]!;
    tried.add(slot.start);
    const booking = JSON.stringify({ instructorId: student.instructorId, licenseId: student.licenseId, slots: [{ start: slot.start, end: new Date(Date.parse(slot.start) + 3_600_000).toISOString() }] });
    const answer = await call("booking", "POST", "/api/student/reservations", booking, {
      "content-type": "application/json",
      origin: `http://${student.host}`,
      "idempotency-key": crypto.randomUUID(),
    });
    if (!answer) return;
    if (answer.status === 201) {
      recorder.booked += 1;
      break;
    }
    recorder.taken += 1;
    events = await calendar(weeks.next);
  }
  if (!(await call("list", "GET", "/api/student/reservations?scope=upcoming"))) return;
  await call("balance", "GET", "/api/student/balance");
}
