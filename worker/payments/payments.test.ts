// Fees paid online (issue 49): the invoice when the fee falls due, the tracking page, both gateways' checkouts through
// their stand-ins, webhooks and returns in any order and twice, receipts, bank transfers, waivers, the list.
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { linkRequest, outboxOf, staffOf, submitManuscript } from "../workflow/workflow.fixtures";
import {
  accept,
  acceptedWithInvoice,
  deliver,
  FORM,
  form,
  payingJournal,
  payWithRazorpay,
  payWithStripe,
  takeWebhooks,
} from "./payments.fixtures";

describe("the fee falls due", () => {
  it("on acceptance: a numbered invoice e-mailed, shown with Pay on the tracking page, as a PDF", async () => {
    const { j, staff } = await payingJournal();
    const { m, mail, cookie, invoice } = await acceptedWithInvoice(j, staff, "India", "Monsoon rainfall over the Deccan");
    expect(invoice).toMatchObject({ manuscriptId: m.id, amount: 2500, currency: "INR", status: "pending", gateway: "" });
    expect(invoice.number).toMatch(/^INV-\d{4}-0001$/);
    expect(mail.subject).toBe(`${m.reference}: invoice ${invoice.number} for the publication fee`);
    expect(mail.text).toContain("INR 2,500.00");
    expect(mail.text).toContain("State Bank of India");
    // The tracking page: the invoice, its status and the Pay button for Razorpay.
    const page = await (await linkRequest(j.host, "/track", cookie)).text();
    expect(page).toContain(invoice.number);
    expect(page).toContain("Awaiting payment");
    expect(page).toContain("Pay INR 2,500.00 with Razorpay");
    const pdf = await linkRequest(j.host, "/track/invoice.pdf", cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // Without the author's cookie, nothing.
    expect((await request(j.host, "/track/invoice.pdf")).status).not.toBe(200);
  });

  it("once per manuscript, never for a free journal, and at submission when the journal says so", async () => {
    const free = await createJournal({ fee_rupee: "", fee_dollar: "" });
    const freeStaff = await staffOf(free);
    await freeStaff.put("/payments/settings", { enabled: true, dueOn: "acceptance", dueDays: 14 });
    const fm = await submitManuscript(free, "A free paper", { country: "India" });
    await accept(freeStaff, fm.id);
    expect((await freeStaff.get(`/payments/manuscripts/${fm.id}`)).body.invoice).toBeNull();

    const { j, staff } = await payingJournal(0, { dueOn: "submission" });
    const m = await submitManuscript(j, "Charged at submission", { country: "Nigeria" });
    const inv = (await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice;
    expect(inv).toMatchObject({ amount: 60, currency: "USD", status: "pending" });
    await accept(staff, m.id);
    const invoices = (await outboxOf(staff)).filter((x) => x.kind === "payment.invoice" && x.manuscriptId === m.id);
    expect(invoices).toHaveLength(1);
  });
});

describe("paying online", () => {
  it("Razorpay: checkout, then the webhook and the browser's return in either order and twice: paid once, one receipt", async () => {
    const { j, staff } = await payingJournal();
    const { m, cookie, invoice } = await acceptedWithInvoice(j, staff, "India");
    await takeWebhooks();
    const { callback } = await payWithRazorpay(j.host, cookie);
    const hooks = await takeWebhooks();
    expect(hooks.map((h) => JSON.parse(h.body).event)).toEqual(["payment.captured", "order.paid"]);
    // The browser comes back first.
    const back = await request(j.host, "/payments/return/razorpay", { method: "POST", headers: FORM, body: form(callback) });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("was received for invoice");
    for (const h of [...hooks, ...hooks]) expect((await deliver(j.host, h)).status).toBe(200);
    const again = await request(j.host, "/payments/return/razorpay", { method: "POST", headers: FORM, body: form(callback) });
    expect(again.status).toBe(200);
    const paid = (await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice;
    expect(paid).toMatchObject({
      invoiceId: invoice.invoiceId,
      status: "paid",
      gateway: "razorpay",
      paymentId: callback.razorpay_payment_id,
    });
    const receipts = (await outboxOf(staff)).filter((x) => x.kind === "payment.receipt" && x.manuscriptId === m.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain(callback.razorpay_payment_id);
    const receipt = await linkRequest(j.host, "/track/receipt.pdf", cookie);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-disposition")).toContain(`receipt-${invoice.number}.pdf`);
  });

  it("Stripe: the webhook first, then the return page; then a refund from the dashboard shows as refunded", async () => {
    const { j, staff } = await payingJournal();
    const { m, cookie } = await acceptedWithInvoice(j, staff, "Nigeria");
    await takeWebhooks();
    const { back } = await payWithStripe(j.host, cookie);
    const [completed] = await takeWebhooks();
    expect(JSON.parse(completed.body).type).toBe("checkout.session.completed");
    expect((await deliver(j.host, completed)).status).toBe(200);
    const url = new URL(back);
    const page = await request(j.host, `${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("USD 60.00 was received");
    const paid = (await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice;
    expect(paid).toMatchObject({ status: "paid", gateway: "stripe" });
    expect(paid.paymentId).toMatch(/^pi_/);
    // A refund made in Stripe's dashboard (its API) comes back by webhook.
    const refund = await fetch("http://stripe.test/v1/refunds", {
      method: "POST",
      headers: { authorization: "Bearer sk_test_StandInJournal1", ...FORM },
      body: form({ payment_intent: paid.paymentId }),
    });
    expect(refund.status).toBe(200);
    const [refunded] = await takeWebhooks();
    expect((await deliver(j.host, refunded)).status).toBe(200);
    expect((await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice).toMatchObject({ status: "refunded" });
    expect((await outboxOf(staff)).some((x) => x.kind === "payment.refund" && x.manuscriptId === m.id)).toBe(true);
  });

  it("a cancelled checkout changes nothing", async () => {
    const { j, staff } = await payingJournal();
    const { m, cookie } = await acceptedWithInvoice(j, staff, "Nigeria");
    await takeWebhooks();
    const pay = await linkRequest(j.host, "/track/pay", cookie, { method: "POST" });
    const url = /href="(http:\/\/stripe\.test\/pay\/[^"]+)"/.exec(await pay.text())![1];
    const checkout = await (await fetch(url)).text();
    const cancel = /href="([^"]+)">Cancel/.exec(checkout)![1].replace(/&#38;/g, "&");
    const page = await request(j.host, new URL(cancel).pathname);
    expect(await page.text()).toContain("nothing was charged");
    expect(await takeWebhooks()).toHaveLength(0);
    expect((await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice.status).toBe("pending");
  });
});

describe("staff", () => {
  it("record a bank transfer with its reference; the list answers the contract's shape; CSV cells are formula-safe", async () => {
    const { j, staff } = await payingJournal();
    const { m, invoice } = await acceptedWithInvoice(j, staff, "India", '=HYPERLINK("http://evil.example","x")');
    const bad = await staff.post(`/payments/${invoice.invoiceId}/bank-transfer`, { reference: "", paidOn: "2026-11-20" });
    expect(bad).toMatchObject({ status: 400, body: { error: "missing_reference" } });
    const ok = await staff.post(`/payments/${invoice.invoiceId}/bank-transfer`, { reference: "UTR-2026112012345", paidOn: "2026-11-20" });
    expect(ok.status).toBe(200);
    expect(ok.body.invoice).toMatchObject({ status: "paid", gateway: "bank", paymentId: "UTR-2026112012345" });
    expect((await staff.post(`/payments/${invoice.invoiceId}/bank-transfer`, { reference: "UTR-0002", paidOn: "2026-11-20" })).status).toBe(
      409,
    );
    const list = await staff.get("/payments");
    expect(list.status).toBe(200);
    const item = list.body.payments.find((p: { invoiceId: number }) => p.invoiceId === invoice.invoiceId);
    expect(Object.keys(item).slice(0, 6)).toEqual(["invoiceId", "manuscriptId", "amount", "currency", "status", "gateway"]);
    expect(item).toMatchObject({ manuscriptId: m.id, amount: 2500, currency: "INR", status: "paid", gateway: "bank" });
    expect((await staff.get("/payments?status=pending")).body.payments).toEqual([]);
    expect((await staff.get("/payments?status=nonsense")).status).toBe(400);
    const csv = await (await request(j.host, "/api/admin/payments/export.csv", { headers: bearer(await adminToken(j)) })).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // Another journal's staff see none of it.
    const other = await createJournal();
    expect((await (await staffOf(other)).get("/payments")).body.payments).toEqual([]);
  });

  it("answer a waiver request: part, then whole; the tracking page says so and Pay disappears", async () => {
    const { j, staff } = await payingJournal();
    const { m, cookie, invoice } = await acceptedWithInvoice(j, staff, "India");
    const ask = await linkRequest(j.host, "/track/waiver", cookie, {
      method: "POST",
      headers: FORM,
      body: form({ reason: "Unfunded student research." }),
    });
    expect(ask.status).toBe(303);
    expect((await outboxOf(staff)).some((x) => x.kind === "office.waiver_request" && x.manuscriptId === m.id)).toBe(true);
    const part = await staff.post(`/payments/${invoice.invoiceId}/waiver`, {
      decision: "part",
      amountDue: 1000,
      letter: "We waive part of the fee.",
    });
    expect(part.body.invoice).toMatchObject({ amount: 1000, status: "pending", waiverStatus: "granted" });
    expect(await (await linkRequest(j.host, "/track", cookie)).text()).toContain("Pay INR 1,000.00 with Razorpay");
    const whole = await staff.post(`/payments/${invoice.invoiceId}/waiver`, { decision: "whole", letter: "The fee is waived." });
    expect(whole.body.invoice).toMatchObject({ status: "waived" });
    const page = await (await linkRequest(j.host, "/track", cookie)).text();
    expect(page).toContain("nothing is due");
    expect(page).not.toContain("/track/pay");
    const letters = (await outboxOf(staff)).filter((x) => x.kind === "payment.waiver" && x.manuscriptId === m.id);
    expect(letters.map((l) => l.text.split("\n")[0])).toEqual(["The fee is waived.", "We waive part of the fee."]);
  });

  it("refuse a waiver request with a letter: the invoice stays due in full, Pay stays, the author is told", async () => {
    const { j, staff } = await payingJournal();
    const { m, cookie, invoice } = await acceptedWithInvoice(j, staff, "Nigeria");
    await linkRequest(j.host, "/track/waiver", cookie, { method: "POST", headers: FORM, body: form({ reason: "No grant this year." }) });
    const refused = await staff.post(`/payments/${invoice.invoiceId}/waiver`, { decision: "refuse", letter: "We cannot waive the fee." });
    expect(refused.status).toBe(200);
    expect(refused.body.invoice).toMatchObject({ amount: 60, currency: "USD", status: "pending", waiverStatus: "refused" });
    expect(await (await linkRequest(j.host, "/track", cookie)).text()).toContain("Pay USD 60.00 with Stripe");
    const letter = (await outboxOf(staff)).find((x) => x.kind === "payment.waiver" && x.manuscriptId === m.id);
    expect(letter?.text.split("\n")[0]).toBe("We cannot waive the fee.");
    // A refusal without a letter is refused itself.
    expect((await staff.post(`/payments/${invoice.invoiceId}/waiver`, { decision: "refuse", letter: " " })).body).toEqual({
      error: "missing_letter",
    });
  });
});
