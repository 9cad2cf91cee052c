import { pdfText } from "@/tests/fixtures/pdf-text";
import { buildReceiptPdf, RECEIPT_FOOTER, type ReceiptContent } from "./receipt-pdf";

const content: ReceiptContent = {
  receipt: "2026-000042",
  date: "27/11/2026 10:15",
  school: { name: "Autoescuela Volante", legalName: "Volante Formación S.L.", taxId: "B12345674", address: "Calle Mayor 1, 28001 Madrid", phone: "912 34 56 78" },
  student: { name: "Lucía Martín", dni: "12345678Z" },
  line: { title: "Pack 5 horas", quantity: 2, unitPrice: "165,00\u00a0€", listTotal: "330,00\u00a0€" },
  discount: { amount: "30,00\u00a0€", reason: "Promoción de otoño" },
  total: "300,00\u00a0€",
  paymentMethod: "Efectivo",
  amountTaken: "310,00\u00a0€",
  change: "10,00\u00a0€",
  credit: "10h",
  soldBy: "Ana Torres",
};

describe("the payment receipt PDF", () => {
  it("prints the school's details, the number, the student, the sale and says it is not an invoice", async () => {
    const bytes = await buildReceiptPdf(content);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Volante Formación S.L.",
      "NIF: B12345674",
      "Calle Mayor 1, 28001 Madrid",
      "Justificante de pago",
      "2026-000042",
      "27/11/2026 10:15",
      "Lucía Martín (12345678Z)",
      "Pack 5 horas × 2 (165,00 € / ud.)",
      "Descuento: Promoción de otoño",
      "-30,00 €",
      "300,00 €",
      "Efectivo",
      "310,00 €",
      "10,00 €",
      "10h",
      RECEIPT_FOOTER,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/factura n/i);
  });

  it("leaves out what a sale does not have, and prints characters the font lacks as '?'", async () => {
    const text = await pdfText(
      await buildReceiptPdf({ ...content, school: { ...content.school, legalName: "", taxId: "", phone: null }, discount: null, amountTaken: null, change: null, student: { name: "Zoë 王", dni: null } }),
    );
    expect(text).toContain("Autoescuela Volante");
    expect(text).not.toContain("NIF:");
    expect(text).not.toContain("Descuento");
    expect(text).not.toContain("Cambio");
    expect(text).toContain("Zoë ?");
  });
});
