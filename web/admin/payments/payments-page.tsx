// /admin/payments (issue 49 item 5): every invoice of the journal, filtered by status, currency and month, with
// what staff do by hand (a bank transfer received, the answer to a waiver request), the totals and a CSV export
// whose cells no spreadsheet evaluates.
import { useState, type FormEvent } from "react";
import { Form, Link, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { adminBlob, adminJson, saveBlob } from "../admin-api";
import { EmptyState, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { formatDate, todayIso } from "../format";
import { apiPath } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import {
  CURRENCIES,
  GATEWAY_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type PaymentListItem,
  type PaymentTotals,
} from "#contract/payments";
import { InvoiceBadge, money, paymentMessage } from "./payments-ui";

const FILTERS = ["status", "currency", "month"] as const;

function filtersOf(url: URL) {
  const q: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = url.searchParams.get(k);
    if (v) q[k] = v;
  }
  return q;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const q = filtersOf(new URL(request.url));
  const [list, totals] = await Promise.all([
    loadAdminJson<{ payments: PaymentListItem[] }>(apiPath(paymentsApi.list, {}, q), request),
    loadAdminJson<PaymentTotals>(apiPath(paymentsApi.totals), request),
  ]);
  return { payments: list.payments, totals };
}

function BankTransfer({ p, done }: { p: PaymentListItem; done: (text: string) => void }) {
  const [reference, setReference] = useState("");
  const [paidOn, setPaidOn] = useState(todayIso());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await adminJson(apiPath(paymentsApi.bankTransfer, { id: p.invoiceId }), { json: { reference, paidOn } });
      done(`Invoice ${p.number} is paid by bank transfer ${reference}; the receipt is e-mailed.`);
    } catch (err) {
      setError(paymentMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <details>
      <summary>Record a bank transfer</summary>
      <form onSubmit={submit} aria-label={`Bank transfer for ${p.number}`}>
        <label className="field__label" htmlFor={`ref-${p.invoiceId}`}>
          Reference (UTR)
        </label>
        <input id={`ref-${p.invoiceId}`} required value={reference} onChange={(e) => setReference(e.target.value)} />
        <label className="field__label" htmlFor={`day-${p.invoiceId}`}>
          Received on
        </label>
        <input id={`day-${p.invoiceId}`} type="date" required value={paidOn} max={todayIso()} onChange={(e) => setPaidOn(e.target.value)} />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {busy ? <Spinner /> : null} Mark paid
        </button>
      </form>
    </details>
  );
}

function WaiverAnswer({ p, done }: { p: PaymentListItem; done: (text: string) => void }) {
  const [decision, setDecision] = useState<"whole" | "part" | "refuse">("whole");
  const [amountDue, setAmountDue] = useState("");
  const [letter, setLetter] = useState(`Dear ${p.authorName},\n\n`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const json = { decision, letter, ...(decision === "part" ? { amountDue: Number(amountDue) } : {}) };
      await adminJson(apiPath(paymentsApi.waiver, { id: p.invoiceId }), { json });
      done(
        decision === "refuse"
          ? `The waiver of ${p.number} is refused; the letter is e-mailed.`
          : `The waiver of ${p.number} is granted; the letter is e-mailed.`,
      );
    } catch (err) {
      setError(paymentMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <details open>
      <summary>Answer the waiver request</summary>
      <p className="waiver-reason">“{p.waiverReason}”</p>
      <form onSubmit={submit} aria-label={`Waiver of ${p.number}`}>
        <fieldset className="fieldset">
          <legend>Decision</legend>
          {(
            [
              ["whole", "Waive the whole fee"],
              ["part", "Waive part of it"],
              ["refuse", "Refuse"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name={`decision-${p.invoiceId}`}
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        {decision === "part" && (
          <>
            <label className="field__label" htmlFor={`due-${p.invoiceId}`}>
              Amount still due ({p.currency})
            </label>
            <input
              id={`due-${p.invoiceId}`}
              type="number"
              min="1"
              step="0.01"
              max={p.amount}
              required
              value={amountDue}
              onChange={(e) => setAmountDue(e.target.value)}
            />
          </>
        )}
        <label className="field__label" htmlFor={`letter-${p.invoiceId}`}>
          Letter to the author
        </label>
        <textarea id={`letter-${p.invoiceId}`} required value={letter} onChange={(e) => setLetter(e.target.value)} />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {busy ? <Spinner /> : null} Send the answer
        </button>
      </form>
    </details>
  );
}

export function PaymentsPage() {
  useTitle("Payments");
  const { payments, totals } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [exporting, setExporting] = useState(false);
  const done = (text: string) => {
    setFlash({ kind: "success", text });
    void revalidator.revalidate();
  };
  async function exportCsv() {
    setExporting(true);
    try {
      const q = filtersOf(new URL(window.location.href));
      saveBlob(await adminBlob(apiPath(paymentsApi.exportCsv, {}, q)), `payments${q.month ? `-${q.month}` : ""}.csv`);
    } catch (err) {
      setFlash({ kind: "error", text: paymentMessage(err) });
    } finally {
      setExporting(false);
    }
  }
  const thisMonth = todayIso().slice(0, 7);
  const paidThisMonth = totals.months.filter((m) => m.month === thisMonth);
  const columns: Column<PaymentListItem>[] = [
    {
      label: "Invoice",
      cell: (p) => (
        <>
          <strong>{p.number}</strong>
          <div className="muted">{formatDate(p.createdAt)}</div>
        </>
      ),
    },
    {
      label: "Manuscript",
      cell: (p) => (
        <>
          <Link to={`/admin/manuscripts/${p.manuscriptId}`}>{p.reference}</Link>
          <div className="break-anywhere">{p.title}</div>
          <div className="muted">{p.authorName}</div>
        </>
      ),
    },
    {
      label: "Amount",
      cell: (p) => (
        <>
          <strong>{money(p.amount, p.currency)}</strong>
          {p.amount < p.fee && <div className="muted">of {money(p.fee, p.currency)}</div>}
        </>
      ),
    },
    {
      label: "Status",
      cell: (p) => (
        <>
          <InvoiceBadge status={p.status} />
          {p.waiverStatus === "requested" && <div className="muted">Waiver requested</div>}
          {p.status === "pending" && <div className="muted">Due {p.dueDate}</div>}
        </>
      ),
    },
    {
      label: "Paid",
      cell: (p) =>
        p.paymentId ? (
          <>
            {GATEWAY_LABELS[p.gateway]} · {formatDate(p.paidAt)}
            <div className="payment-id">{p.paymentId}</div>
            {p.refundedAt && <div className="muted">Refunded {formatDate(p.refundedAt)}</div>}
          </>
        ) : (
          "—"
        ),
    },
    {
      label: "Actions",
      cell: (p) =>
        p.status === "pending" ? (
          <div className="payment-actions">
            {p.waiverStatus === "requested" && <WaiverAnswer p={p} done={done} />}
            <BankTransfer p={p} done={done} />
          </div>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader
        title="Payments"
        meta={`${payments.length} invoice${payments.length === 1 ? "" : "s"}`}
        actions={
          <>
            <Link to="/admin/payments/settings" className="btn btn--secondary">
              Fee settings
            </Link>
            <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? <Spinner /> : null} Export CSV
            </button>
          </>
        }
      />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <ul className="payments-totals" aria-label="Totals">
        {CURRENCIES.map((c) => {
          const paid = paidThisMonth.find((m) => m.currency === c);
          const pending = totals.pending.find((m) => m.currency === c);
          return (
            <li key={c}>
              <span className="muted">Paid this month, {c}</span>
              <strong>{money(paid?.paid ?? 0, c)}</strong>
              <span className="muted">{pending ? `${money(pending.amount, c)} awaiting (${pending.count})` : "nothing awaiting"}</span>
            </li>
          );
        })}
      </ul>
      <Form method="get" className="payments-filters" aria-label="Filters">
        <FilterSelect id="f-status" name="status" label="Status" options={INVOICE_STATUSES.map((v) => [v, INVOICE_STATUS_LABELS[v]])} />
        <FilterSelect id="f-currency" name="currency" label="Currency" options={CURRENCIES.map((v) => [v, v])} />
        <div className="field">
          <label className="field__label" htmlFor="f-month">
            Month issued
          </label>
          <input id="f-month" name="month" type="month" defaultValue={params.get("month") ?? ""} />
        </div>
        <button type="submit" className="btn btn--secondary">
          Filter
        </button>
        {FILTERS.some((k) => params.get(k)) && (
          <Link to="/admin/payments" className="btn btn--link">
            Clear
          </Link>
        )}
      </Form>
      {payments.length === 0 ? (
        <EmptyState title="No invoices">
          <p>Invoices appear here when a fee falls due (Fee settings say when).</p>
        </EmptyState>
      ) : (
        <DataTable columns={columns} rows={payments} rowKey={(p) => p.invoiceId} className="table table--stack payments-table" />
      )}
    </>
  );
}

/** One filter of the list: "All" or one value, kept in the URL's query. */
function FilterSelect(props: { id: string; name: string; label: string; options: [string, string][] }) {
  const [params] = useSearchParams();
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={params.get(props.name) ?? ""}>
        <option value="">All</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

function PaymentsError() {
  useTitle("Payments");
  return <LoadError title="Payments" />;
}

export const route = { loader, Component: PaymentsPage, ErrorBoundary: PaymentsError };
