// The invoice PDF in the author's language (docs/decisions/0384), read by outside programs: qpdf finds the file
// sound, poppler's pdftotext reads its fixed texts, amount and dates in Indonesian, Russian and Arabic (the Arabic
// one drawn with the bundled Naskh face, mirrored).
import { describe, expect, it } from "vitest";
import { fileCheck } from "../documents/file-check.testing";
import { acceptedWithInvoice, bytesOf, payingJournal, resend } from "./payments.fixtures";

const CASES = [
  {
    lang: "id",
    texts: [
      "FAKTUR",
      "NOMOR FAKTUR",
      "DITAGIHKAN KEPADA",
      "Biaya publikasi artikel, naskah",
      "Total tagihan",
      "INR 2.500,00",
      "Desember|Januari",
    ],
  },
  {
    lang: "ru",
    texts: ["СЧЁТ", "НОМЕР СЧЁТА", "Плата за публикацию статьи, рукопись", "Итого к оплате", "2 500,00 INR", "декабря|января"],
  },
  { lang: "ar", texts: ["فاتورة", "رقم الفاتورة", "الإجمالي المستحق", "المخطوطة", "2,500.00 INR", "ديسمبر|يناير"] },
] as const;

describe("the invoice PDF in the author's language, read by qpdf and poppler", () => {
  it("Indonesian, Russian and Arabic invoices carry their own language's texts, amounts and dates", async () => {
    const { j, staff } = await payingJournal(0, { languages: "en,ar,id,ru" });
    for (const c of CASES) {
      const { m, mail, invoice } = await acceptedWithInvoice(j, staff, "India", `Salinity ${c.lang}`, c.lang);
      const [sent] = await resend(j.id, mail.id);
      const pdf = bytesOf(sent.attachments![0].content);
      expect((await fileCheck("qpdf-check", pdf)).ok).toBe(true);
      const text = (await fileCheck("pdftotext", pdf)).output.replace(/\s+/g, " ");
      expect(text).toContain(invoice.number);
      expect(text).toContain(m.reference);
      for (const t of c.texts) expect(text, `${c.lang}: ${t}`).toMatch(new RegExp(t));
      expect(text).not.toContain("INVOICE");
      expect(text).not.toContain("Total due");
      // No character fell outside the bundled faces (drawn as U+FFFD).
      expect(text).not.toContain("\uFFFD");
    }
  });
});
