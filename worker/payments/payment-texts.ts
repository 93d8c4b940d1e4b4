// Every text an author reads about fees (e-mails, the tracking page, the invoice and receipt PDFs, the pages a
// gateway returns to), in one module: code names a message and passes its values, so the catalog can move into a
// translator's message files without touching the code that uses it. English only for now.

/** "INR 2,500.00", "USD 60.00": the ISO code reads the same on paper, in e-mail and in every font. */
export function moneyText(minor: number, currency: string): string {
  const locale = currency === "INR" ? "en-IN" : "en-US";
  const n = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  return `${currency} ${n}`;
}

export interface InvoiceMailValues {
  authorName: string;
  title: string;
  reference: string;
  number: string;
  amount: string;
  dueDate: string;
  journalName: string;
  trackUrl: string;
  moment: "acceptance" | "submission";
  bankDetails: string;
}

export const PAYMENT_TEXTS = {
  invoiceMail: {
    subject: (v: Pick<InvoiceMailValues, "reference" | "number">) => `${v.reference}: invoice ${v.number} for the publication fee`,
    body: (v: InvoiceMailValues) =>
      [
        `Dear ${v.authorName},`,
        "",
        v.moment === "acceptance"
          ? `Congratulations again on the acceptance of your manuscript "${v.title}" (${v.reference}). The publication fee of ${v.journalName} is now due.`
          : `Thank you for submitting "${v.title}" (${v.reference}) to ${v.journalName}. The journal charges its publication fee at submission.`,
        "",
        `Invoice:   ${v.number}`,
        `Amount:    ${v.amount}`,
        `Due by:    ${v.dueDate}`,
        "",
        `Pay online, download the invoice (PDF) or ask for a waiver on the page of your manuscript:`,
        v.trackUrl,
        ...(v.bankDetails ? ["", "You may also pay by bank transfer, quoting the invoice number:", v.bankDetails] : []),
      ].join("\n"),
  },
  receiptMail: {
    subject: (v: { reference: string; number: string }) => `${v.reference}: payment received (invoice ${v.number})`,
    body: (v: {
      authorName: string;
      title: string;
      reference: string;
      number: string;
      amount: string;
      how: string;
      paymentId: string;
      trackUrl: string;
    }) =>
      [
        `Dear ${v.authorName},`,
        "",
        `Thank you: we have received ${v.amount} for invoice ${v.number} ("${v.title}", ${v.reference}), paid by ${v.how}.`,
        `Payment reference: ${v.paymentId}`,
        "",
        `Your receipt (PDF) is on the page of your manuscript:`,
        v.trackUrl,
      ].join("\n"),
  },
  refundMail: {
    subject: (v: { reference: string; number: string }) => `${v.reference}: fee refunded (invoice ${v.number})`,
    body: (v: { authorName: string; number: string; amount: string; how: string }) =>
      `Dear ${v.authorName},\n\nThe payment of ${v.amount} for invoice ${v.number} has been refunded through ${v.how}. It can take a few working days to reach your account.`,
  },
  waiverLetterSubject: (v: { reference: string; number: string; decision: "whole" | "part" | "refuse" }) =>
    v.decision === "refuse"
      ? `${v.reference}: your waiver request (invoice ${v.number})`
      : `${v.reference}: fee waiver granted (invoice ${v.number})`,
  waiverLetterTail: (v: { amount: string; trackUrl: string; decision: "whole" | "part" | "refuse" }) =>
    v.decision === "whole"
      ? `\n\nNothing remains to be paid.\n${v.trackUrl}`
      : `\n\nAmount due: ${v.amount}. Pay on the page of your manuscript:\n${v.trackUrl}`,
  office: {
    waiverRequested: (v: { reference: string; number: string }) => `${v.reference}: fee waiver requested (invoice ${v.number})`,
    waiverRequestedBody: (v: { title: string; reference: string; reason: string }) =>
      `The author of "${v.title}" (${v.reference}) asks for a waiver of the publication fee:\n\n${v.reason}`,
  },
  timeline: {
    invoiceRaised: (v: { number: string; amount: string }) => `Invoice ${v.number} for ${v.amount} e-mailed to the author`,
    paid: (v: { number: string; how: string; paymentId: string }) => `Invoice ${v.number} paid by ${v.how} (${v.paymentId})`,
    refunded: (v: { number: string; how: string }) => `Invoice ${v.number} refunded through ${v.how}`,
    waiverRequested: (v: { number: string }) => `The author asked for a waiver of invoice ${v.number}`,
    waiverDecided: (v: { number: string; decision: "whole" | "part" | "refuse"; amount: string }) =>
      v.decision === "whole"
        ? `Invoice ${v.number} waived in full`
        : v.decision === "part"
          ? `Invoice ${v.number} partly waived: ${v.amount} due`
          : `Waiver of invoice ${v.number} refused`,
  },
  track: {
    heading: "Publication fee",
    invoice: "Invoice",
    amount: "Amount",
    status: "Status",
    dueBy: "Due by",
    paidOn: "Paid on",
    paidBy: "Paid by",
    paymentRef: "Payment reference",
    downloadInvoice: "Download the invoice (PDF)",
    downloadReceipt: "Download the receipt (PDF)",
    pay: (amount: string, gateway: string) => `Pay ${amount} with ${gateway}`,
    payHint: (gateway: string) =>
      gateway === "Razorpay"
        ? "UPI, cards, net banking and wallets, on Razorpay's secure page. You come back here when it is done."
        : "Cards, on Stripe's secure page. You come back here when it is done.",
    notOnline: "Online payment is not available for this journal yet: please pay by bank transfer and quote the invoice number.",
    bank: "Bank transfer",
    waiverAsk: "Ask for a waiver",
    waiverHint: "Tell the editors why you cannot pay the fee in full. They answer by e-mail.",
    waiverReason: "Your reason",
    waiverSend: "Send the request",
    waiverPending: "You asked for a waiver. The editors will answer by e-mail; you can still pay meanwhile.",
    waiverRefused: "Your waiver request was refused (see the letter in your e-mail).",
    waiverPart: "Part of the fee was waived.",
    waivedInFull: "waived in full",
    refunded: "This payment was refunded.",
    waived: "The fee was waived: nothing is due.",
  },
  trackMessages: {
    paid: "Thank you: your payment was received. Your receipt is below.",
    waiver_sent: "Your waiver request was sent to the editors.",
    cancelled: "The payment was cancelled: nothing was charged. You can pay again when you are ready.",
  } as Record<string, string>,
  trackErrors: {
    missing_reason: "Write the reason for your waiver request.",
    reason_too_long: "The reason is too long (2,000 characters at most).",
    invoice_not_pending: "This invoice is no longer awaiting payment.",
    waiver_already_requested: "You have already asked for a waiver.",
    gateway_not_configured: "Online payment is not available for this journal yet: please pay by bank transfer.",
    gateway_unavailable: "The payment service did not answer. Nothing was charged; please try again in a few minutes.",
  } as Record<string, string>,
  returnPage: {
    title: "Payment",
    paid: (v: { number: string; amount: string }) =>
      `Thank you: ${v.amount} was received for invoice ${v.number}. A receipt is on its way by e-mail.`,
    processing:
      "Your payment is being confirmed by the payment service. This page and your e-mail will show it in a few minutes; you need not pay again.",
    cancelled: "The payment was cancelled: nothing was charged.",
    failed:
      "The payment could not be confirmed. Nothing has been recorded; if money left your account, write to the editorial office quoting the invoice number.",
    back: "Back to your manuscript",
    backHint: "(the page opens from the link in your e-mail if this browser has not opened it before)",
  },
  pdf: {
    invoiceTitle: "INVOICE",
    receiptTitle: "RECEIPT",
    number: "Invoice number",
    issued: "Date issued",
    due: "Due by",
    billedTo: "Billed to",
    manuscript: "Manuscript",
    description: "Description",
    amountCol: "Amount",
    feeLine: (reference: string) => `Article publication fee, manuscript ${reference}`,
    waiverLine: "Waiver granted",
    total: "Total due",
    totalPaid: "Total paid",
    status: "Status",
    howToPay: "How to pay",
    payOnline: (gateway: string) =>
      `Online through ${gateway}: open the page of your manuscript from the link in our e-mail and choose Pay.`,
    payBank: "By bank transfer, quoting the invoice number:",
    paidOn: "Paid on",
    paidBy: "Paid by",
    paymentRef: "Payment reference",
    thanks: "Thank you for publishing with us.",
    footer: (journal: string) => `${journal} · This document was issued electronically and is valid without a signature.`,
  },
} as const;
