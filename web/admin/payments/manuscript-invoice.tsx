// The fee on a manuscript's admin page (issue 49 item 5): its invoice, status and payment, with a link to Payments
// where staff record a transfer or answer a waiver. Shown only to roles that may see payments.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { adminJson } from "../admin-api";
import { useSession } from "../../lib/session";
import { mayUse } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import { GATEWAY_LABELS, type PaymentListItem } from "#contract/payments";
import { formatDate } from "../format";
import { InvoiceBadge, money } from "./payments-ui";

export function ManuscriptInvoice({ manuscriptId }: { manuscriptId: number }) {
  const session = useSession();
  const allowed = mayUse(session?.user.role, "payments");
  const [invoice, setInvoice] = useState<PaymentListItem | null | undefined>(undefined);
  useEffect(() => {
    if (!allowed) return;
    adminJson<{ invoice: PaymentListItem | null }>(apiPath(paymentsApi.ofManuscript, { id: manuscriptId }))
      .then((r) => setInvoice(r.invoice))
      .catch(() => setInvoice(null));
  }, [allowed, manuscriptId]);
  if (!allowed || !invoice) return null;
  return (
    <section className="panel" aria-labelledby="fee-title">
      <h2 className="form__section-title" id="fee-title">
        Publication fee
      </h2>
      <dl className="ms-meta">
        <dt>Invoice</dt>
        <dd>
          {invoice.number} · {money(invoice.amount, invoice.currency)} <InvoiceBadge status={invoice.status} />
        </dd>
        {invoice.paymentId && (
          <>
            <dt>Paid</dt>
            <dd>
              {GATEWAY_LABELS[invoice.gateway]} · {formatDate(invoice.paidAt)} · <span className="payment-id">{invoice.paymentId}</span>
            </dd>
          </>
        )}
        {invoice.waiverStatus && (
          <>
            <dt>Waiver</dt>
            <dd>
              {invoice.waiverStatus === "requested"
                ? "Requested by the author"
                : invoice.waiverStatus === "granted"
                  ? "Granted"
                  : "Refused"}
            </dd>
          </>
        )}
      </dl>
      <p>
        <Link to="/admin/payments">Payments</Link>
        {invoice.status === "paid" || invoice.status === "waived"
          ? " · Publish as article fills in the transaction ID and payment type."
          : ""}
      </p>
    </section>
  );
}
