// The demo journal's fees (issue 49 item 6): online payment on, the stand-ins' keys stored encrypted as the admin
// stores them, and accepted manuscripts whose invoices were paid by Razorpay, paid by Stripe, paid by bank transfer,
// waived, refunded, and one still pending (pay it from its tracking link through the stand-in's checkout). Each
// with its e-mails in the outbox and its lines on the timeline. Deterministic; dated relative to the seeding day.
import type { drizzle } from "drizzle-orm/d1";
import * as schema from "../../worker/core/data/schema";
import { tokenOf } from "../../worker/workflow/link-tokens";
import { encryptSecret } from "../../worker/scholarly/crossref-secret";
import {
  invoiceMail as invoiceLetter,
  moneyText,
  PAYMENT_STAFF_TEXTS,
  receiptMail,
  refundMail,
  waiverLetterSubject,
  waiverLetterTail,
} from "../../worker/payments/payment-texts";
import { STANDIN_ACCOUNTS } from "../../tests/payment-standins";
import type { Random } from "./random";

type Db = ReturnType<typeof drizzle<typeof schema>>;

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();

export const DEMO_BANK_DETAILS = "Demo Bank of India, Account 0001 2345 6789, IFSC DEMO0000001, Account name: Journal Office";

const CASES = [
  {
    title: "Drip irrigation schedules for smallholder chilli farms in Guntur",
    author: "Dr. Meera Iyer",
    country: "India",
    how: "razorpay",
  },
  {
    title: "Biochar amendments and nitrous oxide fluxes in tropical maize",
    author: "Dr. Olumide Adeyemi",
    country: "Nigeria",
    how: "stripe",
  },
  {
    title: "Salinity tolerance of traditional rice landraces of the Sundarbans",
    author: "Prof. Arjun Banerjee",
    country: "India",
    how: "pending",
  },
  {
    title: "Community seed banks and varietal diversity in the Ethiopian highlands",
    author: "Dr. Hiwot Alemu",
    country: "Ethiopia",
    how: "waived",
  },
  { title: "Remote sensing of cassava mosaic disease with Sentinel-2", author: "Dr. Ifeoma Chukwu", country: "Nigeria", how: "refunded" },
  { title: "Post-harvest losses of tomatoes in Maharashtra wholesale markets", author: "Dr. Kavita Joshi", country: "India", how: "bank" },
] as const;

export interface PaymentsDemoInput {
  journalId: number;
  journal: { websitename: string; websiteemail: string; fee_rupee: string; fee_dollar: string };
  host: string;
  secret: string;
  today: Date;
  rnd: Random;
}

const token = (rnd: Random, n: number, alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") =>
  Array.from({ length: n }, () => alphabet[rnd.int(0, alphabet.length - 1)]).join("");

export async function seedPaymentsDemo(db: Db, input: PaymentsDemoInput): Promise<{ invoices: number }> {
  const { journalId, rnd } = input;
  const now = input.today.getTime();
  const origin = `http://${input.host}:${process.env.PORT || 8787}`;
  const rz = STANDIN_ACCOUNTS.razorpay[0];
  const st = STANDIN_ACCOUNTS.stripe[0];
  await db.insert(schema.paymentSettings).values({
    journalId,
    enabled: true,
    dueOn: "acceptance",
    dueDays: 14,
    bankDetails: DEMO_BANK_DETAILS,
    razorpayKeyId: rz.keyId,
    razorpayKeySecretEnc: await encryptSecret(rz.keySecret, input.secret),
    razorpayWebhookSecretEnc: await encryptSecret(rz.webhookSecret, input.secret),
    stripeSecretKeyEnc: await encryptSecret(st.secretKey, input.secret),
    stripeWebhookSecretEnc: await encryptSecret(st.webhookSecret, input.secret),
    updatedAt: iso(now - 60 * DAY),
  });
  const domain = input.journal.websiteemail.split("@")[1] ?? "example.org";
  let n = 0;
  for (const [i, c] of CASES.entries()) {
    const accepted = now - (40 - i * 6) * DAY;
    const created = accepted - 45 * DAY;
    const reference = `SUB-${iso(created).slice(0, 10).replace(/-/g, "")}-FEE${i + 1}`;
    const replyToken = token(rnd, 24, "0123456789abcdef");
    const email = `${c.author.split(" ").slice(-1)[0].toLowerCase()}@authors.example`;
    const [m] = await db
      .insert(schema.manuscripts)
      .values({
        journalId,
        reference,
        title: c.title,
        authorName: c.author,
        authorEmail: email,
        country: c.country,
        stage: "accepted",
        round: 1,
        source: "online",
        replyToken,
        createdAt: iso(created),
        updatedAt: iso(accepted),
        firstDecisionAt: iso(accepted),
        decidedAt: iso(accepted),
      })
      .returning();
    const [track] = await db
      .insert(schema.accessLinks)
      .values({ journalId, purpose: "track", subjectId: m.id, createdAt: iso(created), expiresAt: iso(now + 365 * DAY) })
      .returning();
    const trackUrl = `${origin}/track#${await tokenOf(input.secret, track)}`;
    const currency = c.country === "India" ? "INR" : "USD";
    const fee = Math.round(Number((currency === "INR" ? input.journal.fee_rupee : input.journal.fee_dollar).replace(/[^\d.]/g, "")) * 100);
    const number = `INV-${iso(accepted).slice(0, 4)}-${String(100 + i).padStart(4, "0")}`;
    const paidAt = accepted + 3 * DAY;
    const paymentId =
      c.how === "razorpay"
        ? `pay_Demo${token(rnd, 10)}`
        : c.how === "stripe" || c.how === "refunded"
          ? `pi_Demo${token(rnd, 20)}`
          : c.how === "bank"
            ? "UTR-DEMO-2026-4471"
            : null;
    const status = c.how === "pending" ? "pending" : c.how === "waived" ? "waived" : c.how === "refunded" ? "refunded" : "paid";
    const [inv] = await db
      .insert(schema.invoices)
      .values({
        journalId,
        manuscriptId: m.id,
        number,
        fee,
        amount: c.how === "waived" ? 0 : fee,
        currency,
        status,
        dueDate: iso(accepted + 14 * DAY).slice(0, 10),
        gateway: c.how === "razorpay" ? "razorpay" : c.how === "stripe" || c.how === "refunded" ? "stripe" : c.how === "bank" ? "bank" : "",
        paymentId,
        paidAt: paymentId ? iso(paidAt) : "",
        refundedAt: c.how === "refunded" ? iso(paidAt + 5 * DAY) : "",
        waiverStatus: c.how === "waived" ? "granted" : "",
        waiverReason: c.how === "waived" ? "I am a doctoral student without funding for publication fees." : "",
        waiverNote: c.how === "waived" ? "The editors have waived the fee in full." : "",
        createdAt: iso(accepted),
        updatedAt: iso(paymentId ? paidAt : accepted),
      })
      .returning();
    if (c.how === "razorpay" || c.how === "stripe" || c.how === "refunded")
      await db.insert(schema.invoiceCheckouts).values({
        journalId,
        invoiceId: inv.id,
        gateway: inv.gateway,
        checkoutId: c.how === "razorpay" ? `order_Demo${token(rnd, 10)}` : `cs_test_Demo${token(rnd, 20)}`,
        amount: fee,
        currency,
        createdAt: iso(paidAt - 600_000),
        checkedAt: "",
      });
    // The demo authors submitted in English.
    const amount = moneyText("en", fee, currency);
    const mail = async (kind: string, subject: string, text: string, at: number) => {
      const [row] = await db
        .insert(schema.mailOutbox)
        .values({
          journalId,
          manuscriptId: m.id,
          kind,
          toAddress: email,
          toName: c.author,
          fromAddress: input.journal.websiteemail,
          fromName: input.journal.websitename,
          replyTo: `replies+${replyToken}@${domain}`,
          subject,
          text: `${text}\n\n--\n${input.journal.websitename}`,
          status: "sent",
          attempts: 1,
          createdAt: iso(at),
          sentAt: iso(at + 2000),
        })
        .returning();
      return row.id;
    };
    const event = (at: number, actor: string, action: string, summary: string, outboxId?: number) =>
      db
        .insert(schema.manuscriptEvents)
        .values({ journalId, manuscriptId: m.id, at: iso(at), actor, action, summary, outboxId: outboxId ?? null });
    await event(created, "author", "submitted", "Submitted through Submit Online");
    await event(accepted, "staff:admin", "decision", "Decision: Accepted");
    const values = {
      authorName: c.author,
      title: c.title,
      reference,
      number,
      amount: fee,
      currency,
      dueDate: iso(accepted + 14 * DAY).slice(0, 10),
      journalName: input.journal.websitename,
      trackUrl,
      moment: "acceptance" as const,
      bankDetails: DEMO_BANK_DETAILS,
    };
    const letter = invoiceLetter("en", values);
    const invoiceMail = await mail("payment.invoice", letter.subject, letter.text, accepted + 60_000);
    await event(accepted + 60_000, "system", "invoice", PAYMENT_STAFF_TEXTS.timeline.invoiceRaised({ number, amount }), invoiceMail);
    if (paymentId) {
      const gateway = c.how === "razorpay" ? "razorpay" : c.how === "bank" ? "bank" : "stripe";
      const how = c.how === "razorpay" ? "Razorpay" : c.how === "bank" ? "Bank transfer" : "Stripe";
      const r = receiptMail("en", {
        authorName: c.author,
        title: c.title,
        reference,
        number,
        amount: fee,
        currency,
        gateway,
        paymentId,
        trackUrl,
      });
      const receipt = await mail("payment.receipt", r.subject, r.text, paidAt);
      await event(
        paidAt,
        c.how === "bank" ? "staff:admin" : "system",
        "payment",
        PAYMENT_STAFF_TEXTS.timeline.paid({ number, how, paymentId }),
        receipt,
      );
      if (c.how === "refunded") {
        const r2 = refundMail("en", { authorName: c.author, reference, number, amount: fee, currency, gateway });
        const refund = await mail("payment.refund", r2.subject, r2.text, paidAt + 5 * DAY);
        await event(paidAt + 5 * DAY, "system", "refund", PAYMENT_STAFF_TEXTS.timeline.refunded({ number, how }), refund);
      }
    }
    if (c.how === "waived") {
      const letter = `Dear ${c.author},\n\nThe editors have waived the publication fee of your article in full.`;
      const subject = waiverLetterSubject("en", { reference, number, decision: "whole" });
      const out = await mail(
        "payment.waiver",
        subject,
        `${letter}${waiverLetterTail("en", { amount: fee, currency, trackUrl, decision: "whole" })}`,
        accepted + 4 * DAY,
      );
      await event(
        accepted + 4 * DAY,
        "staff:admin",
        "waiver",
        PAYMENT_STAFF_TEXTS.timeline.waiverDecided({ number, decision: "whole", amount }),
        out,
      );
    }
    n++;
  }
  return { invoices: n };
}
