// The fee on a manuscript's admin page (issue 49 items 1 and 5): the section it is filed under (whose own fee, where
// it has one, the invoice charges), its invoice, status and payment, with a link to Payments where staff record a
// transfer or answer a waiver. Shown only to roles that may see payments.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { adminJson } from "../admin-api";
import { Flash, type FlashMessage } from "../admin-ui";
import { useSession } from "../../lib/session";
import { mayUse } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import { GATEWAY_LABELS, type PaymentListItem, type SectionFee } from "#contract/payments";
import { formatDate } from "../format";
import { InvoiceBadge, money, paymentMessage } from "./payments-ui";

interface ManuscriptFee {
  invoice: PaymentListItem | null;
  sectionId: number | null;
  sections: SectionFee[];
}

function SectionChoice(props: { manuscriptId: number; fee: ManuscriptFee; onSaved: (sectionId: number | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  async function choose(value: string) {
    const sectionId = value ? Number(value) : null;
    setBusy(true);
    try {
      await adminJson(apiPath(paymentsApi.manuscriptSection, { id: props.manuscriptId }), { method: "PUT", json: { sectionId } });
      props.onSaved(sectionId);
      setFlash({ kind: "success", text: "Section saved." });
    } catch (err) {
      setFlash({ kind: "error", text: paymentMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  const own = props.fee.sections.find((s) => s.sectionId === props.fee.sectionId);
  return (
    <>
      <div className="field">
        <label htmlFor="ms-section">Section</label>
        <select
          id="ms-section"
          value={props.fee.sectionId ?? ""}
          disabled={busy}
          aria-describedby="ms-section-hint"
          onChange={(e) => void choose(e.target.value)}
        >
          <option value="">No section (the journal's fee)</option>
          {props.fee.sections.map((s) => (
            <option key={s.sectionId} value={s.sectionId}>
              {s.title}
              {s.feeRupee || s.feeDollar ? ` (INR ${s.feeRupee || "—"} / USD ${s.feeDollar || "—"})` : ""}
            </option>
          ))}
        </select>
        <p className="hint" id="ms-section-hint">
          {props.fee.invoice
            ? "The invoice is raised already and keeps its amount."
            : own && (own.feeRupee || own.feeDollar)
              ? "The invoice will charge this section's own fee."
              : "The invoice will charge the journal's fee."}
        </p>
      </div>
      <Flash message={flash} onClose={() => setFlash(null)} />
    </>
  );
}

export function ManuscriptInvoice({ manuscriptId }: { manuscriptId: number }) {
  const session = useSession();
  const allowed = mayUse(session?.user.role, "payments");
  const [fee, setFee] = useState<ManuscriptFee | null>(null);
  useEffect(() => {
    if (!allowed) return;
    adminJson<ManuscriptFee>(apiPath(paymentsApi.ofManuscript, { id: manuscriptId }))
      .then(setFee)
      .catch(() => setFee(null));
  }, [allowed, manuscriptId]);
  if (!allowed || !fee || (!fee.invoice && fee.sections.length === 0)) return null;
  const invoice = fee.invoice;
  return (
    <section className="panel" aria-labelledby="fee-title">
      <h2 className="form__section-title" id="fee-title">
        Publication fee
      </h2>
      {fee.sections.length > 0 && (
        <SectionChoice manuscriptId={manuscriptId} fee={fee} onSaved={(sectionId) => setFee({ ...fee, sectionId })} />
      )}
      {invoice && (
        <>
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
        </>
      )}
    </section>
  );
}
