import { Hono, type Context } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { pageQuerySchema } from "@/lib/contract/paging";
import { cashReportQuerySchema, createSaleBodySchema, saleListQuerySchema, schoolDetailsBodySchema } from "@/lib/contract/sales";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { readBody, readParam, readQuery } from "../../http/validate";
import { getReceiptPdf } from "./receipts.service";
import { getCashReport, getSaleProducts, listSales, sellAtDesk } from "./sales.service";
import { getOfficeContact, getSchoolDetails, updateSchoolDetails } from "./school-details.service";

const admin = requireRole("administrator");
const student = requireRole("student");
const RECEIPT_NOT_FOUND = "Justificante no encontrado";

const sendPdf = (c: Context<AppEnv>, pdf: { bytes: Uint8Array; fileName: string }) =>
  c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
    "Cache-Control": "private, no-store",
  });

// Desk sales, receipts, the cash report and the school's details (issue 31 §3).
export const salesRoutes = new Hono<AppEnv>()
  .get("/administrator/sales/products", admin, async (c) => c.json(await getSaleProducts(c.var.db, c.var.tenant.id)))
  .get("/administrator/sales/report", admin, async (c) => c.json(await getCashReport(c.var.db, c.var.tenant, readQuery(c, cashReportQuerySchema))))
  .get("/administrator/sales", admin, async (c) => sendPage(c, await listSales(c.var.db, c.var.tenant, readQuery(c, saleListQuerySchema))))
  .post("/administrator/sales", admin, async (c) => {
    const body = await readBody(c, createSaleBodySchema);
    return c.json(await sellAtDesk(c.var.db, c.var.tenant, requireAuth(c), body), 201);
  })
  .get("/administrator/sales/:id/receipt", admin, async (c) =>
    sendPdf(c, await getReceiptPdf(c.var.db, c.var.tenant, readParam(c, "id", uuidSchema, RECEIPT_NOT_FOUND))),
  )
  .get("/administrator/school-details", admin, async (c) => c.json(await getSchoolDetails(c.var.db, c.var.tenant.id)))
  .put("/administrator/school-details", admin, async (c) => {
    const body = await readBody(c, schoolDetailsBodySchema);
    return c.json(await updateSchoolDetails(c.var.db, c.var.tenant.id, requireAuth(c), body));
  })
  // The student's own receipts ('Mi saldo') and how to reach the office.
  .get("/student/receipts", student, async (c) =>
    sendPage(c, await listSales(c.var.db, c.var.tenant, { ...readQuery(c, pageQuerySchema), studentId: requireAuth(c).userId })),
  )
  .get("/student/receipts/:id", student, async (c) =>
    sendPdf(c, await getReceiptPdf(c.var.db, c.var.tenant, readParam(c, "id", uuidSchema, RECEIPT_NOT_FOUND), requireAuth(c).userId)),
  )
  .get("/student/office-contact", student, async (c) => c.json(await getOfficeContact(c.var.db, c.var.tenant)));
