// Fees paid online (issue 49; contract/routes/endpoint.ts explains the table). Worker: worker/payments/.
// The two webhook paths and GET /api/admin/payments's answer are the contract with checks outside the project.
import { endpoint, OPERATOR, PUBLIC, staff } from "./endpoint";

export const paymentsApi = {
  list: endpoint("GET", "/api/admin/payments", {
    access: staff("payments"),
    summary:
      "The journal's invoices: { payments: [{ invoiceId, manuscriptId, amount, currency, status, gateway, … }] } (?status, currency, month)",
  }),
  exportCsv: endpoint("GET", "/api/admin/payments/export.csv", {
    access: staff("payments"),
    answer: "file",
    fileType: "text/csv",
    summary: "The same list as CSV, every cell safe from spreadsheet formulas",
  }),
  totals: endpoint("GET", "/api/admin/payments/totals", {
    access: staff("dashboard"),
    summary: "What was paid per month and currency, and what is still pending",
  }),
  settings: endpoint("GET", "/api/admin/payments/settings", {
    access: staff("payments"),
    summary: "When fees fall due, bank details and which gateway keys are stored (never the secrets)",
  }),
  saveSettings: endpoint("PUT", "/api/admin/payments/settings", {
    access: staff("settings"),
    summary: "Saves the fee settings and the gateways' keys and webhook secrets (stored encrypted)",
  }),
  ofManuscript: endpoint("GET", "/api/admin/payments/manuscripts/{id}", {
    access: staff("payments"),
    summary: "The manuscript's invoice (null when none), for its page and Publish as article",
  }),
  manuscriptSection: endpoint("PUT", "/api/admin/payments/manuscripts/{id}/section", {
    access: staff("payments"),
    summary: "Files the manuscript under a section (or none): an invoice raised afterwards charges that section's own fee",
  }),
  bankTransfer: endpoint("POST", "/api/admin/payments/{id}/bank-transfer", {
    access: staff("payments"),
    summary: "Records a bank transfer received for the invoice, with its reference",
  }),
  waiver: endpoint("POST", "/api/admin/payments/{id}/waiver", {
    access: staff("payments"),
    summary: "Grants (whole or part) or refuses the author's waiver request, with a letter",
  }),
  platformTotals: endpoint("GET", "/api/platform/payments", {
    access: OPERATOR,
    summary: "Fees paid per journal and currency, over every journal database (the console)",
  }),
  razorpayWebhook: endpoint("POST", "/api/payments/webhooks/razorpay", {
    access: PUBLIC,
    summary: "Razorpay's events (order.paid, payment.captured, refund.processed), checked by X-Razorpay-Signature",
  }),
  stripeWebhook: endpoint("POST", "/api/payments/webhooks/stripe", {
    access: PUBLIC,
    summary: "Stripe's events (checkout.session.completed, charge.refunded), checked by Stripe-Signature",
  }),
} as const;
