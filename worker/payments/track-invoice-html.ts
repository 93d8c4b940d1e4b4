// The fee on the author's tracking page (issue 49 items 2 and 4): the invoice, its status, the PDF, the Pay button
// (to the gateway of its currency) and the waiver request. Server-rendered like the rest of the page
// (worker/workflow/link-pages.routes.ts); texts from payment-texts.ts, every value escaped.
import { esc } from "#contract/html";
import type { Db } from "../core/env";
import type { ManuscriptRow } from "../core/data/schema";
import {
  GATEWAY_LABELS,
  GATEWAY_OF_CURRENCY,
  INVOICE_STATUS_LABELS,
  WAIVER_REASON_MAX,
  type Currency,
  type Gateway,
  type InvoiceStatus,
} from "#contract/payments";
import { invoiceOfManuscript } from "./payments.repo";
import { moneyText, PAYMENT_TEXTS } from "./payment-texts";

const T = PAYMENT_TEXTS.track;

export async function invoiceSection(db: Db, m: Pick<ManuscriptRow, "id" | "journalId" | "stage">): Promise<string> {
  const inv = await invoiceOfManuscript(db, m.journalId, m.id);
  if (!inv) return "";
  const amount = moneyText(inv.amount, inv.currency);
  const status = inv.status as InvoiceStatus;
  const rows = [
    [T.invoice, esc(inv.number)],
    [
      T.amount,
      status === "waived"
        ? `<s>${esc(moneyText(inv.fee, inv.currency))}</s> <span class="hint">(${esc(T.waivedInFull)})</span>`
        : `<strong>${esc(amount)}</strong>${inv.amount < inv.fee ? ` <span class="hint">(${esc(T.waiverPart)})</span>` : ""}`,
    ],
    [T.status, `<span class="stage">${esc(INVOICE_STATUS_LABELS[status] ?? status)}</span>`],
    ...(status === "pending" ? [[T.dueBy, esc(inv.dueDate)]] : []),
    ...(status === "paid" || status === "refunded"
      ? [
          [T.paidOn, esc(inv.paidAt.slice(0, 10))],
          [T.paidBy, esc(GATEWAY_LABELS[(inv.gateway || "") as Gateway | ""] || inv.gateway)],
          [T.paymentRef, `<code>${esc(inv.paymentId ?? "")}</code>`],
        ]
      : []),
  ];
  const meta = `<dl class="meta">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
  const files =
    status === "paid"
      ? `<p class="row"><a class="btn secondary" href="/track/receipt.pdf" download>${esc(T.downloadReceipt)}</a> <a href="/track/invoice.pdf" download>${esc(T.downloadInvoice)}</a></p>`
      : `<p class="row"><a class="btn secondary" href="/track/invoice.pdf" download>${esc(T.downloadInvoice)}</a></p>`;
  let actions = "";
  if (status === "pending" && m.stage !== "withdrawn") {
    const gateway = GATEWAY_LABELS[GATEWAY_OF_CURRENCY[inv.currency as Currency] ?? "stripe"];
    actions += `<form method="post" action="/track/pay" class="pay"><button class="btn">${esc(T.pay(amount, gateway))}</button>
<p class="hint">${esc(T.payHint(gateway))}</p></form>`;
    if (inv.waiverStatus === "requested") actions += `<p class="hint" role="status">${esc(T.waiverPending)}</p>`;
    else {
      if (inv.waiverStatus === "refused") actions += `<p class="hint">${esc(T.waiverRefused)}</p>`;
      if (inv.waiverStatus !== "granted")
        actions += `<details class="waiver"><summary>${esc(T.waiverAsk)}</summary>
<form method="post" action="/track/waiver"><p class="hint" id="waiver-hint">${esc(T.waiverHint)}</p>
<label for="waiverReason">${esc(T.waiverReason)}</label>
<textarea id="waiverReason" name="reason" maxlength="${WAIVER_REASON_MAX}" aria-describedby="waiver-hint" required></textarea>
<p class="row" style="margin-top:12px"><button class="btn secondary">${esc(T.waiverSend)}</button></p></form></details>`;
    }
  }
  if (status === "waived") actions += `<p class="ok">${esc(T.waived)}</p>`;
  if (status === "refunded") actions += `<p class="hint">${esc(T.refunded)}</p>`;
  return `<h2 id="fee">${esc(T.heading)}</h2><div class="card">${meta}${files}${actions}</div>`;
}
