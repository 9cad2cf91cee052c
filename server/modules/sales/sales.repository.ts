import { aliasedTable, and, count, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import { deskSales, receiptCounters } from "../../db/schema/sales";

export type SaleRow = typeof deskSales.$inferSelect;
export type SaleView = SaleRow & {
  student: Pick<typeof users.$inferSelect, "firstName" | "surname1" | "surname2">;
  seller: Pick<typeof users.$inferSelect, "firstName" | "surname1" | "surname2"> | null;
};

// The next receipt number of the school's year. The upsert takes the counter row's lock until the sale's transaction
// ends: concurrent sales wait for it, and a sale that rolls back gives its number back (no gaps, no repeats).
export async function takeReceiptNumber(tx: DbOrTx, tenantId: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ tenantId, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [receiptCounters.tenantId, receiptCounters.year], set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertSale(tx: DbOrTx, sale: typeof deskSales.$inferInsert): Promise<SaleRow> {
  const [row] = await tx.insert(deskSales).values(sale).returning();
  return row!;
}

const buyer = aliasedTable(users, "sale_student");
const seller = aliasedTable(users, "sale_seller");

const viewColumns = {
  sale: deskSales,
  student: { firstName: buyer.firstName, surname1: buyer.surname1, surname2: buyer.surname2 },
  seller: { firstName: seller.firstName, surname1: seller.surname1, surname2: seller.surname2 },
};

function views(db: DbOrTx) {
  return db.select(viewColumns).from(deskSales).innerJoin(buyer, eq(buyer.id, deskSales.studentId)).leftJoin(seller, eq(seller.id, deskSales.soldBy));
}

type ViewRow = { sale: SaleRow; student: SaleView["student"]; seller: { firstName: string | null; surname1: string | null; surname2: string | null } | null };
const toView = (r: ViewRow): SaleView => ({ ...r.sale, student: r.student, seller: r.seller?.firstName ? (r.seller as SaleView["seller"]) : null });

/** A sale of the school; with studentId, only when it is that student's. */
export async function findSale(db: DbOrTx, tenantId: string, id: string, studentId?: string): Promise<SaleView | null> {
  const [row] = await views(db)
    .where(and(eq(deskSales.tenantId, tenantId), eq(deskSales.id, id), studentId ? eq(deskSales.studentId, studentId) : undefined))
    .limit(1);
  return row ? toView(row) : null;
}

export type Range = { from: Date; to: Date };
type After = { at: Date; id: string };

const afterCursor = (after?: After) =>
  after ? sql`(${deskSales.createdAt}, ${deskSales.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;

/** A page of the school's sales in the range, newest first (index desk_sales_tenant_day_idx). */
export async function listSalesBetween(db: DbOrTx, tenantId: string, r: Range, page: { after?: After; limit: number }): Promise<SaleView[]> {
  const rows = await views(db)
    .where(and(eq(deskSales.tenantId, tenantId), gte(deskSales.createdAt, r.from), lt(deskSales.createdAt, r.to), afterCursor(page.after)))
    .orderBy(desc(deskSales.createdAt), desc(deskSales.id))
    .limit(page.limit);
  return rows.map(toView);
}

/** A page of one student's sales, newest first (index desk_sales_student_idx). */
export async function listSalesOfStudent(db: DbOrTx, tenantId: string, studentId: string, page: { after?: After; limit: number }): Promise<SaleView[]> {
  const rows = await views(db)
    .where(and(eq(deskSales.tenantId, tenantId), eq(deskSales.studentId, studentId), afterCursor(page.after)))
    .orderBy(desc(deskSales.createdAt), desc(deskSales.id))
    .limit(page.limit);
  return rows.map(toView);
}

/** The range's totals by payment method. */
export async function totalsByMethod(db: DbOrTx, tenantId: string, r: Range) {
  return db
    .select({ method: deskSales.paymentMethod, totalCents: sum(deskSales.totalCents).mapWith(Number), count: count() })
    .from(deskSales)
    .where(and(eq(deskSales.tenantId, tenantId), gte(deskSales.createdAt, r.from), lt(deskSales.createdAt, r.to)))
    .groupBy(deskSales.paymentMethod);
}
