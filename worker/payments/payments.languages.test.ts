// Fees in the author's language (issue 50 item 1, docs/decisions/0384): the invoice e-mail in the language the author
// submitted in; the tracking page's invoice, its Pay page and the gateway's return page in the visitor's language,
// amounts and dates written by that language's conventions.
import { describe, expect, it } from "vitest";
import { linkRequest } from "../workflow/workflow.fixtures";
import { acceptedWithInvoice, payingJournal } from "./payments.fixtures";

const INDONESIAN_MONTHS = /\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}/;

describe("fees in the author's language", () => {
  it("an author who submitted in Indonesian gets the invoice e-mail in Indonesian; one who submitted in English, in English", async () => {
    const { j, staff } = await payingJournal(0, { languages: "en,ar,id" });
    const indonesian = await acceptedWithInvoice(j, staff, "India", "Padi lokal tahan salin", "id");
    expect(indonesian.m.language).toBe("id");
    const { subject, text } = indonesian.mail;
    expect(subject).toBe(`${indonesian.m.reference}: faktur ${indonesian.invoice.number} untuk biaya publikasi`);
    expect(text).toContain("Yth. ");
    expect(text).toContain("Biaya publikasi");
    // Indonesian groups thousands with a point and writes decimals after a comma.
    expect(text).toContain("INR 2.500,00");
    expect(text).toMatch(new RegExp(`Jatuh tempo:\\s+${INDONESIAN_MONTHS.source}`));
    expect(text).not.toContain("Dear ");
    expect(text).not.toContain("publication fee");

    // The form's language is kept only when the journal offers it; otherwise the journal's primary language.
    const english = await acceptedWithInvoice(j, staff, "Nigeria", "Rice in the delta", "ru");
    expect(english.m.language).toBe("");
    expect(english.mail.text).toContain("Dear ");
    expect(english.mail.text).toContain("USD 60.00");
    expect(english.mail.text).toMatch(/Due by:\s+\d{1,2} [A-Z][a-z]+ \d{4}/);
  });

  it("the tracking page's invoice speaks the visitor's language: Arabic right to left, Indonesian; Pay and the return page too", async () => {
    const { j, staff } = await payingJournal(0, { languages: "en,ar,id" });
    const { cookie, invoice } = await acceptedWithInvoice(j, staff, "India", "Salinity of rice", "id");

    const arabic = await (await linkRequest(j.host, "/track", cookie, { headers: { "accept-language": "ar" } })).text();
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain("رسوم النشر");
    expect(arabic).toContain("بانتظار الدفع");
    expect(arabic).toContain("تنزيل الفاتورة (PDF)");
    // The amount in Arabic's order (number, then the code) with Latin digits, kept in its own direction.
    expect(arabic).toContain("<bdi>\u200f2,500.00 INR</bdi>");
    expect(arabic).toContain("ادفع \u200f2,500.00 INR عبر Razorpay");
    expect(arabic).not.toContain("Publication fee");
    expect(arabic).not.toContain("Awaiting payment");

    const track = await (await linkRequest(j.host, "/track", `${cookie}; lang=id`)).text();
    expect(track).toContain("Biaya publikasi");
    expect(track).toContain("Menunggu pembayaran");
    expect(track).toContain("Bayar INR 2.500,00 dengan Razorpay");
    expect(track).toContain("Ajukan pembebasan biaya");
    expect(track).toMatch(new RegExp(`Jatuh tempo</dt><dd>${INDONESIAN_MONTHS.source}</dd>`));
    expect(track).not.toContain(invoice.dueDate);

    // The step before the gateway, and the page the gateway returns a cancelled checkout to.
    const pay = await (await linkRequest(j.host, "/track/pay", `${cookie}; lang=id`, { method: "POST" })).text();
    expect(pay).toContain("Bayar INR 2.500,00 dengan Razorpay");
    expect(pay).toContain("Kembali ke naskah Anda");
    const cancelled = await (await linkRequest(j.host, "/payments/return/cancelled", "", { headers: { "accept-language": "id" } })).text();
    expect(cancelled).toContain("Pembayaran dibatalkan: tidak ada biaya yang ditagihkan.");

    // A waiver request without a reason: refused in the page's language.
    const empty = await linkRequest(j.host, "/track/waiver", `${cookie}; lang=ar`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "reason=",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("اكتب سبب طلب الإعفاء.");

    // English stays as it was for an English visitor.
    const en = await (await linkRequest(j.host, "/track", cookie, { headers: { "accept-language": "en" } })).text();
    expect(en).toContain("Pay INR 2,500.00 with Razorpay");
  });
});
