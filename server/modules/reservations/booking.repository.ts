import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import type { DateOverride, Interval, WeeklyRule } from "./slots";

// The booking's statements (booking.service.ts), written as SQL and prepared once: the booking is the busiest write
// of the app, and its cost was Drizzle building ~14 statements per booking and the round trips to send them
// (docs/benchmarks.md, "Booking"). Each statement gathers what one step needs: a booking is one read and one write
// between the transaction's begin and commit, the idempotency key included. Times come back as epoch milliseconds.

const param = (name: string) => sql.placeholder(name);

type Assignment = { instructorIsActive: boolean; instructor: { firstName: string; surname1: string; surname2: string | null }; license: { name: string; code: string } };

export type BookingState = {
  /** Whether this request claimed its idempotency key (false without one, or when another request holds it). */
  claimed: boolean;
  /** The student's balance, locked until the transaction ends; null when the student has no balance row yet. */
  balance: { seconds: number; cents: number } | null;
  settings: Record<string, string>;
  /** Null when the instructor and licence are not the student's assignment. */
  assignment: Assignment | null;
  rules: WeeklyRule[];
  overrides: DateOverride[];
  /** Active reservations of the instructor or of the student overlapping any of the ranges. */
  busy: Interval[];
};

/** Around one requested slot: the instants, and the local dates whose overrides can reach them. */
export type SlotRange = { from: number; to: number; fromDate: string; toDate: string };

type StateRow = Omit<BookingState, "assignment" | "busy" | "claimed"> & {
  claimed: number;
  assignment: { isActive: boolean; firstName: string; surname1: string; surname2: string | null; licenseName: string; licenseCode: string } | null;
  busy: [number, number][];
};

// Everything the booking reads, in one round trip, with the student's balance row locked (the student's lock: one
// booking per student at a time), after claiming the request's idempotency key if it has one. The claim waits for
// another transaction holding the same key (unique index) and claims nothing if that one committed.
// Every part is read from the statement's snapshot, taken before the lock is granted, so a booking of the same
// student that committed while this one waited is missing from `busy`; the database still refuses the overlap
// (reservations_student_no_overlap, 23P01), which the service answers as SLOTS_UNAVAILABLE, as it does for another
// student's booking of the same instructor's hour. The balance is the locked row's latest version.
// The busy reservations are found by the exclusion constraints' GiST indexes: only those overlapping the requested
// ranges, whatever the length of the history.
const stateOf = preparedStatement<StateRow>(
  "booking_state",
  () => sql`with claim as (
      insert into idempotency_keys (tenant_id, user_id, key, request_hash)
      select ${param("tenantId")}::uuid, ${param("studentId")}::uuid, k.key, k.hash
      from (select ${param("key")}::text as key, ${param("requestHash")}::text as hash) k
      where k.key is not null
      on conflict do nothing
      returning key
    ), locked as (
      select b.seconds, b.cents from balances b
      where b.student_id = ${param("studentId")} and b.tenant_id = ${param("tenantId")}
      for update
    ), span as (
      select tstzrange(to_timestamp(r.from_ms / 1000), to_timestamp(r.to_ms / 1000), '[)') as range, r.from_date, r.to_date
      from json_to_recordset(${param("ranges")}::json) as r(from_ms float8, to_ms float8, from_date date, to_date date)
    )
    select
      (select count(*)::int from claim) as "claimed",
      (select json_build_object('seconds', l.seconds, 'cents', l.cents) from locked l) as "balance",
      coalesce((select json_object_agg(s.key, s.value) from tenant_settings s where s.tenant_id = ${param("tenantId")}), '{}'::json) as "settings",
      (select json_build_object('isActive', i.is_active, 'firstName', i.first_name, 'surname1', i.surname1, 'surname2', i.surname2,
          'licenseName', l.name, 'licenseCode', l.code)
        from instructor_assignments a
        join users i on i.id = a.instructor_id
        join licenses l on l.id = a.license_id
        where a.tenant_id = ${param("tenantId")} and a.student_id = ${param("studentId")}
          and a.instructor_id = ${param("instructorId")} and a.license_id = ${param("licenseId")}
        limit 1) as "assignment",
      coalesce((select json_agg(json_build_object('weekday', r.weekday, 'startMinutes', r.start_minutes, 'endMinutes', r.end_minutes))
        from availability_rules r
        where r.tenant_id = ${param("tenantId")} and r.instructor_id = ${param("instructorId")}), '[]'::json) as "rules",
      coalesce((select json_agg(json_build_object('date', o.date, 'type', o.type, 'startMinutes', o.start_minutes, 'endMinutes', o.end_minutes))
        from availability_overrides o
        where o.tenant_id = ${param("tenantId")} and o.instructor_id = ${param("instructorId")}
          and exists (select 1 from span where o.date between span.from_date and span.to_date)), '[]'::json) as "overrides",
      coalesce((select json_agg(json_build_array(extract(epoch from b.start_at) * 1000, extract(epoch from b.end_at) * 1000))
        from reservations b
        where b.tenant_id = ${param("tenantId")} and b.status in ('requested', 'confirmed')
          and (b.instructor_id = ${param("instructorId")} or b.student_id = ${param("studentId")})
          and tstzrange(b.start_at, b.end_at, '[)') && (select range_agg(span.range) from span)), '[]'::json) as "busy"`,
);

export async function readBookingState(
  tx: DbOrTx,
  tenantId: string,
  who: { studentId: string; instructorId: string; licenseId: string },
  ranges: SlotRange[],
  claim: { key: string; requestHash: string } | null,
): Promise<BookingState> {
  const spans = ranges.map((r) => ({ from_ms: r.from, to_ms: r.to, from_date: r.fromDate, to_date: r.toDate }));
  const [row] = await stateOf(tx, { tenantId, ...who, ranges: JSON.stringify(spans), key: claim?.key ?? null, requestHash: claim?.requestHash ?? null });
  const a = row!.assignment;
  return {
    claimed: row!.claimed > 0,
    balance: row!.balance,
    settings: row!.settings,
    assignment: a && {
      instructorIsActive: a.isActive,
      instructor: { firstName: a.firstName, surname1: a.surname1, surname2: a.surname2 },
      license: { name: a.licenseName, code: a.licenseCode },
    },
    rules: row!.rules,
    overrides: row!.overrides,
    busy: row!.busy.map(([start, end]) => ({ start: Number(start), end: Number(end) })),
  };
}

export type BookedSlot = { id: string; start: number; end: number; charge: number; balanceBefore: number; balanceAfter: number };

export type BookingWrite = {
  tenantId: string;
  studentId: string;
  instructorId: string;
  licenseId: string;
  status: "requested" | "confirmed";
  message: string | null;
  mode: "time" | "money";
  slots: BookedSlot[]; // in start order
  actorId: string;
  actingAsId: string | null;
  /** The idempotency key whose answer this is, if the request carried one (claimed by readBookingState). */
  key: { key: string; response: unknown } | null;
};

// Everything the booking writes, as one statement: the reservations, the debit of the balance (locked earlier in
// the transaction, which is why the amounts before and after are known), one ledger movement per charged
// reservation in start order, the idempotency key's answer and the audit row (naming the student and the instructor). An overlap with another active
// reservation fails the whole statement with 23P01 (reservations_*_no_overlap); nothing is left half written.
const writeBooking = preparedStatement<{ booked: number }>(
  "booking_write",
  () => sql`with slot as (
      select * from json_to_recordset(${param("slots")}::json)
        as s(n int, id uuid, start_at timestamptz, end_at timestamptz, charge int, before int, after int)
    ), booked as (
      insert into reservations (id, tenant_id, student_id, instructor_id, license_id, start_at, end_at, status, message, charge_mode, charge_amount, acted_by_id)
      select id, ${param("tenantId")}::uuid, ${param("studentId")}::uuid, ${param("instructorId")}::uuid, ${param("licenseId")}::uuid,
        start_at, end_at, ${param("status")}::text, ${param("message")}::text, ${param("mode")}::text, charge,
        case when ${param("actingAsId")}::uuid is null then null else ${param("actorId")}::uuid end
      from slot order by n
      returning id
    ), debited as (
      update balances
      set seconds = seconds - ${param("seconds")}::int, cents = cents - ${param("cents")}::int, updated_at = now()
      where student_id = ${param("studentId")}::uuid and tenant_id = ${param("tenantId")}::uuid and ${param("seconds")}::int + ${param("cents")}::int > 0
      returning student_id
    ), ledger as (
      insert into balance_movements (tenant_id, student_id, reservation_id, type, operation, description, amount, amount_before, amount_after, created_by)
      select ${param("tenantId")}::uuid, ${param("studentId")}::uuid, s.id, ${param("mode")}::text, 'consumption', 'reserva_solicitada', s.charge, s.before, s.after, ${param("actorId")}::uuid
      from slot s join booked b on b.id = s.id
      where s.charge > 0
      order by s.n
    ), answered as (
      update idempotency_keys set status_code = 201, response = ${param("response")}::jsonb
      where tenant_id = ${param("tenantId")}::uuid and user_id = ${param("studentId")}::uuid and key = ${param("key")}::text
    ), audited as (
      insert into audit_log (tenant_id, actor_id, acting_as_id, action, target_type, target_id, details)
      values (${param("tenantId")}::uuid, ${param("actorId")}::uuid, ${param("actingAsId")}::uuid, 'reservations.booked', 'reservation',
        ${param("firstId")}::text, ${param("details")}::jsonb || jsonb_build_object(
          'student', (select concat_ws(' ', u.first_name, u.surname1, nullif(u.surname2, '')) from users u where u.id = ${param("studentId")}::uuid),
          'instructor', (select concat_ws(' ', u.first_name, u.surname1, nullif(u.surname2, '')) from users u where u.id = ${param("instructorId")}::uuid)))
    )
    select count(*)::int as "booked" from booked`,
);

export async function insertBooking(db: DbOrTx, w: BookingWrite): Promise<void> {
  const total = w.slots.reduce((sum, s) => sum + s.charge, 0);
  const [row] = await writeBooking(db, {
    slots: JSON.stringify(w.slots.map((s, n) => ({ n, id: s.id, start_at: new Date(s.start).toISOString(), end_at: new Date(s.end).toISOString(), charge: s.charge, before: s.balanceBefore, after: s.balanceAfter }))),
    tenantId: w.tenantId,
    studentId: w.studentId,
    instructorId: w.instructorId,
    licenseId: w.licenseId,
    status: w.status,
    message: w.message,
    mode: w.mode,
    seconds: w.mode === "time" ? total : 0,
    cents: w.mode === "money" ? total : 0,
    actorId: w.actorId,
    actingAsId: w.actingAsId,
    key: w.key?.key ?? null,
    response: w.key ? JSON.stringify(w.key.response) : null,
    firstId: w.slots[0]!.id,
    // The activity log names the student, the instructor (added by the statement) and the first lesson's time (issue 31 §6).
    details: JSON.stringify({
      ids: w.slots.map((s) => s.id),
      instructorId: w.instructorId,
      start: new Date(w.slots[0]!.start).toISOString(),
      end: new Date(w.slots[0]!.end).toISOString(),
    }),
  });
  if (row?.booked !== w.slots.length) throw new Error(`booking wrote ${row?.booked} of ${w.slots.length} reservations`);
}
