// /admin/payments/settings (issue 49 items 1 and 3): whether the journal charges its fee through the site, when it
// falls due, the bank details for transfers, and each gateway's keys and webhook secret. Secrets are sent once,
// stored encrypted and never shown again: the page only says whether one is stored.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { adminJson } from "../admin-api";
import { Field, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { apiPath } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import type { PaymentSettingsAnswer, SectionFee } from "#contract/payments";
import { paymentMessage } from "./payments-ui";

export const loader = ({ request }: LoaderFunctionArgs) => loadAdminJson<PaymentSettingsAnswer>(apiPath(paymentsApi.settings), request);

const SECRETS = ["razorpayKeySecret", "razorpayWebhookSecret", "stripeSecretKey", "stripeWebhookSecret"] as const;
type Secret = (typeof SECRETS)[number];

function SecretField(props: { id: Secret; label: string; stored: boolean; value: string; onChange: (v: string) => void; hint: ReactNode }) {
  return (
    <Field
      id={props.id}
      label={props.label}
      hint={
        <>
          {props.stored ? <strong>Stored (encrypted). </strong> : <strong>Not set. </strong>}
          {props.hint}
        </>
      }
    >
      <input
        id={props.id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={props.value}
        placeholder={props.stored ? "•••••••• (type to replace)" : ""}
        aria-describedby={`${props.id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/** A fee of its own per section (issue 49 item 1); empty boxes charge the journal's fee. */
function SectionFeesFields(props: { fees: SectionFee[]; journalFees: PaymentSettingsAnswer["fees"]; onChange: (f: SectionFee[]) => void }) {
  const set = (id: number, field: "feeRupee" | "feeDollar", value: string) =>
    props.onChange(props.fees.map((f) => (f.sectionId === id ? { ...f, [field]: value } : f)));
  return (
    <fieldset className="section-fees">
      <legend className="form__section-title">Fees per section</legend>
      {props.fees.length === 0 ? (
        <p className="hint">
          The journal has no sections yet (<Link to="/admin/archives">Issues</Link> → Sections): every manuscript is charged the journal's
          fee.
        </p>
      ) : (
        <>
          <p className="hint" id="section-fees-hint">
            A manuscript filed under a section (on its page, under Publication fee) is charged that section's fee; leave a box empty to
            charge the journal's fee. Shown on the Instructions page.
          </p>
          <div className="table-wrap">
            <table className="table section-fees__table" aria-describedby="section-fees-hint">
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">INR (India)</th>
                  <th scope="col">USD (other countries)</th>
                </tr>
              </thead>
              <tbody>
                {props.fees.map((f) => (
                  <tr key={f.sectionId}>
                    <th scope="row" id={`section-${f.sectionId}`}>
                      {f.title}
                    </th>
                    <td>
                      <input
                        inputMode="decimal"
                        aria-label={`${f.title}: fee in INR`}
                        placeholder={props.journalFees.INR || "none"}
                        value={f.feeRupee}
                        maxLength={50}
                        onChange={(e) => set(f.sectionId, "feeRupee", e.target.value)}
                      />
                    </td>
                    <td>
                      <input
                        inputMode="decimal"
                        aria-label={`${f.title}: fee in USD`}
                        placeholder={props.journalFees.USD || "none"}
                        value={f.feeDollar}
                        maxLength={50}
                        onChange={(e) => set(f.sectionId, "feeDollar", e.target.value)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </fieldset>
  );
}

export function PaymentSettingsPage() {
  useTitle("Fee settings");
  const loaded = useLoaderData<typeof loader>();
  const [saved, setSaved] = useState(loaded);
  const [values, setValues] = useState({
    enabled: loaded.enabled,
    dueOn: loaded.dueOn,
    dueDays: String(loaded.dueDays),
    bankDetails: loaded.bankDetails,
    razorpayKeyId: loaded.razorpayKeyId,
  });
  const [secrets, setSecrets] = useState<Record<Secret, string>>({
    razorpayKeySecret: "",
    razorpayWebhookSecret: "",
    stripeSecretKey: "",
    stripeWebhookSecret: "",
  });
  const [sectionFees, setSectionFees] = useState<SectionFee[]>(loaded.sectionFees);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);

  async function save(clear: ("razorpay" | "stripe")[] = []) {
    setBusy(true);
    try {
      const next = await adminJson<PaymentSettingsAnswer>(apiPath(paymentsApi.saveSettings), {
        method: "PUT",
        json: {
          ...values,
          dueDays: Number(values.dueDays),
          ...secrets,
          clear,
          sectionFees: sectionFees.map(({ sectionId, feeRupee, feeDollar }) => ({ sectionId, feeRupee, feeDollar })),
        },
      });
      setSaved(next);
      setSectionFees(next.sectionFees);
      setValues((v) => ({ ...v, razorpayKeyId: next.razorpayKeyId }));
      setSecrets({ razorpayKeySecret: "", razorpayWebhookSecret: "", stripeSecretKey: "", stripeWebhookSecret: "" });
      setFlash({
        kind: "success",
        text: clear.length ? "The keys were removed." : "Fee settings saved. Secrets are stored encrypted and are not shown again.",
      });
    } catch (err) {
      setFlash({ kind: "error", text: paymentMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    void save();
  }
  const secret = (id: Secret) => ({
    id,
    stored: saved.has[id],
    value: secrets[id],
    onChange: (v: string) => setSecrets((s) => ({ ...s, [id]: v })),
  });

  return (
    <>
      <PageHeader title="Fee settings" back={{ to: "/admin/payments", label: "Back to payments" }} />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <form className="form panel" onSubmit={submit} aria-labelledby="fee-when">
        <h2 className="form__section-title" id="fee-when">
          The fee and when it falls due
        </h2>
        <p>
          The fee is <strong>{saved.fees.INR ? `INR ${saved.fees.INR}` : "not set"}</strong> for authors in India and{" "}
          <strong>{saved.fees.USD ? `USD ${saved.fees.USD}` : "not set"}</strong> for other countries (
          <Link to="/admin/settings">Settings</Link>, shown on the Instructions page with the waiver policy). An empty fee makes the journal
          free in that currency: no invoice is raised.
        </p>
        <label className="checkbox">
          <input type="checkbox" checked={values.enabled} onChange={(e) => setValues({ ...values, enabled: e.target.checked })} /> Charge
          the fee through this site (invoices, online payment, receipts)
        </label>
        <Field id="due-on" label="The fee falls due">
          <select id="due-on" value={values.dueOn} onChange={(e) => setValues({ ...values, dueOn: e.target.value as typeof values.dueOn })}>
            <option value="acceptance">On acceptance</option>
            <option value="submission">At submission</option>
          </select>
        </Field>
        <Field id="due-days" label="Days to pay" hint="The invoice's due date is this many days after it is raised.">
          <input
            id="due-days"
            type="number"
            min={1}
            max={365}
            required
            value={values.dueDays}
            aria-describedby="due-days-hint"
            onChange={(e) => setValues({ ...values, dueDays: e.target.value })}
          />
        </Field>
        <Field
          id="bank"
          label="Bank details for transfers"
          hint="Printed on the invoice and in its e-mail. Leave empty to offer online payment only."
        >
          <textarea
            id="bank"
            rows={4}
            value={values.bankDetails}
            aria-describedby="bank-hint"
            onChange={(e) => setValues({ ...values, bankDetails: e.target.value })}
          />
        </Field>

        <SectionFeesFields fees={sectionFees} journalFees={saved.fees} onChange={setSectionFees} />

        <h2 className="form__section-title">Razorpay (INR: UPI, cards, net banking)</h2>
        <Field id="rzp-key" label="Key id" hint="Razorpay Dashboard → Account & Settings → API keys.">
          <input
            id="rzp-key"
            value={values.razorpayKeyId}
            placeholder="rzp_live_…"
            spellCheck={false}
            aria-describedby="rzp-key-hint"
            onChange={(e) => setValues({ ...values, razorpayKeyId: e.target.value })}
          />
        </Field>
        <SecretField {...secret("razorpayKeySecret")} label="Key secret" hint="Shown once by Razorpay when the key is made." />
        <SecretField
          {...secret("razorpayWebhookSecret")}
          label="Webhook secret"
          hint={
            <>
              Dashboard → Webhooks → Add: URL <code className="break-anywhere">{saved.webhooks.razorpay}</code>, events order.paid,
              payment.captured, refund.processed, and this secret.
            </>
          }
        />

        <h2 className="form__section-title">Stripe (USD: cards)</h2>
        <SecretField
          {...secret("stripeSecretKey")}
          label="Secret key"
          hint="Stripe Dashboard → Developers → API keys (sk_live_… or a restricted rk_live_… key)."
        />
        <SecretField
          {...secret("stripeWebhookSecret")}
          label="Webhook signing secret"
          hint={
            <>
              Dashboard → Developers → Webhooks → Add endpoint: <code className="break-anywhere">{saved.webhooks.stripe}</code>, events
              checkout.session.completed and charge.refunded; then reveal its signing secret (whsec_…).
            </>
          }
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? <Spinner /> : null} Save
          </button>
          {(saved.razorpayKeyId || saved.has.razorpayKeySecret) && (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void save(["razorpay"])}>
              Remove the Razorpay keys
            </button>
          )}
          {saved.has.stripeSecretKey && (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void save(["stripe"])}>
              Remove the Stripe keys
            </button>
          )}
        </div>
      </form>
    </>
  );
}

function PaymentSettingsError() {
  useTitle("Fee settings");
  return <LoadError title="Fee settings" />;
}

export const route = { loader, Component: PaymentSettingsPage, ErrorBoundary: PaymentSettingsError };
