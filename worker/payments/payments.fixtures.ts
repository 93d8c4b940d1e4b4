// Helpers of the payment tests: a journal that charges online with the stand-ins' keys, an accepted manuscript with
// its invoice, the author's tracking session, and the stand-ins' checkouts clicked through as a browser would.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, dbOf, request, type TestJournal } from "#tests/api/fixtures";
import { mailOutbox } from "../core/data/schema";
import { sendOutboxBatch, type MailQueueBody } from "../workflow/mail-queue";
import { STANDIN_ACCOUNTS, TEST_ORIGINS, type WebhookDelivery } from "#tests/payment-standins";
import { drained, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript, type Staff } from "../workflow/workflow.fixtures";

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
type Loose = any;

/**
 * Journal n of the stand-ins' accounts (0 or 1), charging INR 2,500 / USD 60 on acceptance; `languages` the site's
 * languages it offers ("en,ar,id": English the primary one), English only unless given.
 */
export async function payingJournal(n: 0 | 1 = 0, over: { dueOn?: "acceptance" | "submission"; languages?: string } = {}) {
  const offered = over.languages ? { interface_language: "en", interface_languages: over.languages } : {};
  const j = await createJournal({ fee_rupee: "2500", fee_dollar: "60", ...offered });
  const staff = await staffOf(j);
  const rz = STANDIN_ACCOUNTS.razorpay[n];
  const st = STANDIN_ACCOUNTS.stripe[n];
  const saved = await staff.put("/payments/settings", {
    enabled: true,
    dueOn: over.dueOn ?? "acceptance",
    dueDays: 14,
    bankDetails: "State Bank of India, A/c 0001 2345 6789, IFSC SBIN0000001",
    razorpayKeyId: rz.keyId,
    razorpayKeySecret: rz.keySecret,
    razorpayWebhookSecret: rz.webhookSecret,
    stripeSecretKey: st.secretKey,
    stripeWebhookSecret: st.webhookSecret,
  });
  if (saved.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(saved.body)}`);
  return { j, staff };
}

export async function accept(staff: Staff, manuscriptId: number) {
  const draft = (await staff.get(`/manuscripts/${manuscriptId}/letter?decision=accepted`)).body;
  const res = await staff.post(`/manuscripts/${manuscriptId}/decision`, { decision: "accepted", ...draft });
  if (res.status !== 200) throw new Error(`not accepted: ${JSON.stringify(res.body)}`);
}

/**
 * A manuscript from an author in `country` (submitted from the Submit Online page in `language` when given),
 * accepted: its invoice, the invoice e-mail and the author's cookie.
 */
export async function acceptedWithInvoice(
  j: TestJournal,
  staff: Staff,
  country: string,
  title = `Fees ${crypto.randomUUID().slice(0, 8)}`,
  language?: string,
) {
  const m = await submitManuscript(j, title, { country, fields: language ? [["language", language]] : [] });
  await accept(staff, m.id);
  const mail = (await outboxOf(staff)).find((x) => x.kind === "payment.invoice" && x.manuscriptId === m.id);
  if (!mail) throw new Error("no invoice e-mail");
  const { token } = linkIn(mail.text, "track");
  const { cookie } = await openSession(j.host, "track", token);
  const invoice = (await staff.get(`/payments/manuscripts/${m.id}`)).body.invoice as Loose;
  return { m, mail, cookie, invoice };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** Hidden fields of the first form in a page. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1].replace(/&#91;/g, "[").replace(/&#93;/g, "]")] = m[2]
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&amp;/g, "&");
  return out;
}

/** The stand-ins' webhooks sent since the last call (read and cleared). */
export async function takeWebhooks(): Promise<WebhookDelivery[]> {
  const res = await fetch(`${TEST_ORIGINS.razorpay}/standin/webhooks`);
  const { deliveries } = (await res.json()) as { deliveries: WebhookDelivery[] };
  await fetch(`${TEST_ORIGINS.razorpay}/standin/webhooks`, { method: "DELETE" });
  return deliveries;
}

/** Delivers a webhook to the Worker as the gateway would (on the journal's host). */
export function deliver(host: string, d: Pick<WebhookDelivery, "gateway" | "headers" | "body">) {
  return request(host, `/api/payments/webhooks/${d.gateway}`, { method: "POST", headers: d.headers, body: d.body });
}

/** Pay → the Razorpay stand-in's checkout → Pay with UPI: answers the callback form's fields and the order id. */
export async function payWithRazorpay(host: string, cookie: string) {
  const pay = await linkRequest(host, "/track/pay", cookie, { method: "POST" });
  const fields = hiddenFields(await pay.text());
  const checkout = await fetch(`${TEST_ORIGINS.razorpay}/v1/checkout/standin/pay`, {
    method: "POST",
    headers: FORM,
    body: form({ ...fields, method: "upi" }),
  });
  const callback = hiddenFields(await checkout.text());
  return { fields, callback, orderId: fields.order_id };
}

/** Pay → the Stripe stand-in's checkout page → Pay: answers the session id and where the browser is sent back. */
export async function payWithStripe(host: string, cookie: string) {
  const pay = await linkRequest(host, "/track/pay", cookie, { method: "POST" });
  const url = /href="(http:\/\/stripe\.test\/pay\/[^"]+)"/.exec(await pay.text())?.[1];
  if (!url) throw new Error("no Stripe checkout link");
  const done = await fetch(url, { method: "POST", headers: FORM, body: form({ card: "4242 4242 4242 4242" }), redirect: "manual" });
  const back = done.headers.get("location") ?? "";
  return { sessionId: url.split("/").pop()!, back };
}

export type Sent = {
  subject: string;
  text?: string;
  attachments?: { filename: string; type: string; disposition: string; content: ArrayBuffer | ArrayBufferView }[];
};

/** Sends the outbox row again through the consumer, recording what it hands the real local send_email binding. */
export async function resend(journalId: number, outboxId: number): Promise<Sent[]> {
  await drained(journalId);
  await dbOf(journalId).update(mailOutbox).set({ status: "queued" }).where(eq(mailOutbox.id, outboxId));
  const sent: Sent[] = [];
  const recording = {
    send: async (m: Sent) => {
      sent.push(m);
      return env.EMAIL.send(m as never);
    },
  } as unknown as SendEmail;
  const batch = createMessageBatch<MailQueueBody>("journal-edge-mail", [
    { id: `att-${outboxId}`, timestamp: new Date(), attempts: 1, body: { outboxId, journalId } },
  ]);
  await sendOutboxBatch(batch, { ...env, EMAIL: recording });
  expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual([`att-${outboxId}`]);
  const [row] = await dbOf(journalId).select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
  // The real binding took the message with its attachment.
  expect(row.status).toBe("sent");
  return sent;
}

export const bytesOf = (c: ArrayBuffer | ArrayBufferView) =>
  c instanceof ArrayBuffer ? new Uint8Array(c) : new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
