import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

// The payment receipt ('Justificante de pago') as a one-page A4 PDF. It is not an invoice: the footer says so
// (docs/decisions: invoices under Verifactu are out of scope). Pure: everything it prints comes in `ReceiptContent`.

export type ReceiptContent = {
  receipt: string; // '2026-000042'
  date: string; // the school's local date and time, already formatted
  school: { name: string; legalName: string; taxId: string; address: string; phone: string | null };
  student: { name: string; dni: string | null };
  line: { title: string; quantity: number; unitPrice: string; listTotal: string };
  discount: { amount: string; reason: string } | null;
  total: string;
  paymentMethod: string;
  amountTaken: string | null; // cash only: what was handed over, with its change
  change: string | null;
  credit: string; // what the sale added to the balance: '10h' or '50,00 €'
  soldBy: string | null;
};

export const RECEIPT_FOOTER = "Este documento es un justificante de pago y no sustituye a una factura.";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

// The standard fonts encode WinAnsi only: other spaces become plain ones and anything else it cannot print a '?'.
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\u00a0\u2000-\u200b\u202f]/g, " "))
    .map((ch) => (known.has(ch.codePointAt(0)!) ? ch : "?"))
    .join("");
}

type Pen = { page: PDFPage; y: number; regular: PDFFont; bold: PDFFont };

function write(pen: Pen, text: string, o: { size?: number; bold?: boolean; x?: number; right?: boolean; gap?: number } = {}) {
  const font = o.bold ? pen.bold : pen.regular;
  const size = o.size ?? 10;
  const safe = printable(font, text);
  const x = o.right ? A4[0] - MARGIN - font.widthOfTextAtSize(safe, size) : (o.x ?? MARGIN);
  pen.page.drawText(safe, { x, y: pen.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  if (o.gap !== 0) pen.y -= o.gap ?? size + 6;
}

function row(pen: Pen, label: string, value: string, bold = false) {
  write(pen, label, { bold, gap: 0 });
  write(pen, value, { bold, right: true });
}

function rule(pen: Pen) {
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y + 4 }, end: { x: A4[0] - MARGIN, y: pen.y + 4 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  pen.y -= 12;
}

export async function buildReceiptPdf(c: ReceiptContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Justificante de pago ${c.receipt}`);
  doc.setAuthor(c.school.legalName || c.school.name);
  doc.setCreator("Volante");
  const page = doc.addPage(A4);
  const pen: Pen = { page, y: A4[1] - MARGIN, regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };

  write(pen, c.school.legalName || c.school.name, { size: 14, bold: true });
  if (c.school.legalName && c.school.legalName !== c.school.name) write(pen, c.school.name);
  if (c.school.taxId) write(pen, `NIF: ${c.school.taxId}`);
  if (c.school.address) write(pen, c.school.address);
  if (c.school.phone) write(pen, `Teléfono: ${c.school.phone}`);
  pen.y -= 16;

  write(pen, "Justificante de pago", { size: 18, bold: true, gap: 28 });
  row(pen, "Número", c.receipt, true);
  row(pen, "Fecha", c.date);
  row(pen, "Alumno", c.student.dni ? `${c.student.name} (${c.student.dni})` : c.student.name);
  if (c.soldBy) row(pen, "Atendido por", c.soldBy);
  pen.y -= 10;
  rule(pen);

  row(pen, "Concepto", "Importe", true);
  row(pen, `${c.line.title} × ${c.line.quantity} (${c.line.unitPrice} / ud.)`, c.line.listTotal);
  if (c.discount) row(pen, `Descuento: ${c.discount.reason}`, `-${c.discount.amount}`);
  rule(pen);
  row(pen, "Total pagado", c.total, true);
  row(pen, "Forma de pago", c.paymentMethod);
  if (c.amountTaken) row(pen, "Entregado", c.amountTaken);
  if (c.change) row(pen, "Cambio", c.change);
  row(pen, "Saldo añadido", c.credit);
  pen.y -= 24;

  write(pen, RECEIPT_FOOTER, { size: 9 });
  return doc.save();
}
