import { z } from "zod";
import { balanceSchema } from "./balance";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { balanceModeSchema } from "./config";
import { instructorDayLessonSchema, instructorReservationSchema } from "./instructor";

// GET /api/administrator/home (issue 31 §1): the office's day on the school's clock, in one answer. Each list that
// could grow carries its first items (OFFICE_HOME_LIST_LIMIT) and its whole count (capped like the tabs' counts).

const counted = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

// One payment of the day (shared with office-money's desk sales: /tmp/notes/office-contract.md during the build).
export const officePaymentSchema = z.object({
  id: z.string(), // "card:<orderId>", "desk:<movementId>", "sale:<saleId>"
  kind: z.enum(["card", "desk-top-up", "desk-sale"]),
  at: isoDateTimeSchema,
  student: z.object({ id: uuidSchema, name: z.string() }),
  // The money taken, in cents; null for a desk top-up, which records hours or credit and no money.
  amountCents: z.number().int().nullable(),
  method: z.enum(["card-online", "cash", "card-desk", "transfer", "bizum"]).nullable(),
  // What was credited: seconds (time) or cents (money).
  credit: z.object({ mode: balanceModeSchema, amount: z.number().int() }).nullable(),
  description: z.string(),
  by: z.string().nullable(), // the office person who recorded it; null for card payments
  receiptPath: z.string().nullable(),
});
export type OfficePayment = z.infer<typeof officePaymentSchema>;

export const officeHomeSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), // today on the school's clock
  weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), // Monday of this week
  // Today's requested and confirmed lessons, by instructor (by name), each instructor's lessons by start.
  lessonsByInstructor: z.array(
    z.object({
      instructor: z.object({ id: uuidSchema, name: z.string(), phone: z.string().nullable() }),
      lessons: z.array(instructorDayLessonSchema),
    }),
  ),
  pendingRequests: counted(instructorReservationSchema),
  pendingCancellationRequests: counted(instructorReservationSchema),
  capSessions: z.array(
    z.object({
      id: uuidSchema,
      courseId: uuidSchema,
      course: z.string(),
      name: z.string(),
      start: isoDateTimeSchema,
      end: isoDateTimeSchema,
      enrolled: z.number().int(),
    }),
  ),
  exams: z.array(
    z.object({
      id: uuidSchema,
      date: isoDateTimeSchema,
      location: z.string().nullable(),
      registered: z.number().int(), // registrations over every slot of the date
    }),
  ),
  // Active students with an instructor whose balance does not pay the school's shortest lesson; lowest first.
  lowBalance: counted(
    z.object({ id: uuidSchema, name: z.string(), phone: z.string().nullable(), balance: balanceSchema }),
  ),
  payments: z.array(officePaymentSchema), // newest first
});
export type OfficeHome = z.infer<typeof officeHomeSchema>;
