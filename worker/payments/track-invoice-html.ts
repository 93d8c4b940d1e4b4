// The fee on the author's tracking page (issue 49 items 2 and 4): the invoice, its status, the PDF, the Pay button
// (to the gateway of its currency) and the waiver request. Server-rendered like the rest of the page
// (worker/workflow/link-pages.routes.ts), in the page's language (its Translator): the catalogs' `pay` messages,
// amounts and dates through Intl (payment-texts.ts); every value escaped.
import { esc } from "#contract/html";
import type { Db } from "../core/env";
import type { ManuscriptRow } from "../core/data/schema";
import type { Translator } from "#contract/i18n/messages";
import { GATEWAY_LABELS, GATEWAY_OF_CURRENCY, WAIVER_REASON_MAX, type Currency, type InvoiceStatus } from "#contract/payments";
import { invoiceOfManuscript } from "./payments.repo";
import { dayText, gatewayText, moneyText, STATUS_MESSAGES } from "./payment-texts";

export async function invoiceSection(db: Db, m: Pick<ManuscriptRow, "id" | "journalId" | "stage">, tr: Translator): Promise<string> {
  const inv = await invoiceOfManuscript(db, m.journalId, m.id);
  if (!inv) return "";
  const { t, lang } = tr;
  const amount = moneyText(lang, inv.amount, inv.currency);
  const status = inv.status as InvoiceStatus;
  // Numbers and amounts keep their own direction in a right-to-left page (docs/decisions/0385).
  const rows: [string, string][] = [
    [t("pay.label.invoice"), `<bdi>${esc(inv.number)}</bdi>`],
    [
      t("pay.label.amount"),
      status === "waived"
        ? `<s><bdi>${esc(moneyText(lang, inv.fee, inv.currency))}</bdi></s> <span class="hint">(${esc(t("pay.track.waivedInFull"))})</span>`
        : `<strong><bdi>${esc(amount)}</bdi></strong>${inv.amount < inv.fee ? ` <span class="hint">(${esc(t("pay.track.waiverPart"))})</span>` : ""}`,
    ],
    [t("pay.label.status"), `<span class="stage">${esc(STATUS_MESSAGES[status] ? t(STATUS_MESSAGES[status]) : status)}</span>`],
    ...(status === "pending" ? [[t("pay.label.dueBy"), esc(dayText(lang, inv.dueDate))] as [string, string]] : []),
    ...(status === "paid" || status === "refunded"
      ? ([
          [t("pay.label.paidOn"), esc(dayText(lang, inv.paidAt))],
          [t("pay.label.paidBy"), esc(gatewayText(tr, inv.gateway))],
          [t("pay.label.paymentRef"), `<code dir="ltr">${esc(inv.paymentId ?? "")}</code>`],
        ] as [string, string][])
      : []),
  ];
  const meta = `<dl class="meta">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
  const files =
    status === "paid"
      ? `<p class="row"><a class="btn secondary" href="/track/receipt.pdf" download>${esc(t("pay.track.downloadReceipt"))}</a> <a href="/track/invoice.pdf" download>${esc(t("pay.track.downloadInvoice"))}</a></p>`
      : `<p class="row"><a class="btn secondary" href="/track/invoice.pdf" download>${esc(t("pay.track.downloadInvoice"))}</a></p>`;
  let actions = "";
  if (status === "pending" && m.stage !== "withdrawn") {
    const gateway = GATEWAY_OF_CURRENCY[inv.currency as Currency] ?? "stripe";
    actions += `<form method="post" action="/track/pay" class="pay">${payButton(tr, amount, gateway, "button")}</form>`;
    if (inv.waiverStatus === "requested") actions += `<p class="hint" role="status">${esc(t("pay.track.waiverPending"))}</p>`;
    else {
      if (inv.waiverStatus === "refused") actions += `<p class="hint">${esc(t("pay.track.waiverRefused"))}</p>`;
      if (inv.waiverStatus !== "granted")
        actions += `<details class="waiver"><summary>${esc(t("pay.track.waiverAsk"))}</summary>
<form method="post" action="/track/waiver"><p class="hint" id="waiver-hint">${esc(t("pay.track.waiverHint"))}</p>
<label for="waiverReason">${esc(t("pay.track.waiverReason"))}</label>
<textarea id="waiverReason" name="reason" maxlength="${WAIVER_REASON_MAX}" aria-describedby="waiver-hint" dir="auto" required></textarea>
<p class="row" style="margin-top:12px"><button class="btn secondary">${esc(t("pay.track.waiverSend"))}</button></p></form></details>`;
    }
  }
  if (status === "waived") actions += `<p class="ok">${esc(t("pay.track.waived"))}</p>`;
  if (status === "refunded") actions += `<p class="hint">${esc(t("pay.track.refunded"))}</p>`;
  return `<h2 id="fee">${esc(t("pay.track.heading"))}</h2><div class="card">${meta}${files}${actions}</div>`;
}

/**
 * "Pay INR 2,500.00 with Razorpay" and what happens next: a button of the tracking page's form, or the link to
 * Stripe's page (pay-pages.routes.ts), followed by `after` (the way back).
 */
export function payButton(
  tr: Translator,
  amount: string,
  gateway: "razorpay" | "stripe",
  as: "button" | { href: string },
  after = "",
): string {
  const label = esc(tr.t("pay.track.pay", { amount, gateway: GATEWAY_LABELS[gateway] }));
  const control = as === "button" ? `<button class="btn">${label}</button>` : `<a class="btn" href="${esc(as.href)}">${label}</a>`;
  const hint = tr.t(gateway === "razorpay" ? "pay.track.payHint.razorpay" : "pay.track.payHint.stripe");
  return `${as === "button" && !after ? control : `<p class="row" style="margin-top:14px">${control}${after}</p>`}
<p class="hint">${esc(hint)}</p>`;
}
