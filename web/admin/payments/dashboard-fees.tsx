// The dashboard's fees (issue 49 item 5): what was paid per month and currency (the last six months with payments)
// and what is still awaited. Left out when the journal has no invoice, or when it cannot load.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { adminJson } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import type { PaymentTotals } from "#contract/payments";
import { money } from "./payments-ui";

export function DashboardFees() {
  const [totals, setTotals] = useState<PaymentTotals | null>(null);
  useEffect(() => {
    adminJson<PaymentTotals>(apiPath(paymentsApi.totals))
      .then(setTotals)
      .catch(() => setTotals(null));
  }, []);
  if (!totals || (totals.months.length === 0 && totals.pending.length === 0)) return null;
  const months = [...new Set(totals.months.map((m) => m.month))].slice(0, 6);
  return (
    <section className="panel" aria-labelledby="fees-title">
      <h2 className="form__section-title" id="fees-title">
        Publication fees
      </h2>
      {totals.pending.length > 0 && (
        <p>
          Awaiting payment:{" "}
          {totals.pending.map((p) => `${money(p.amount, p.currency)} (${p.count} invoice${p.count === 1 ? "" : "s"})`).join(" · ")}
        </p>
      )}
      {months.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Paid per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">INR</th>
                <th scope="col">USD</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month}>
                  <th scope="row">{month}</th>
                  {(["INR", "USD"] as const).map((c) => {
                    const t = totals.months.find((m) => m.month === month && m.currency === c);
                    return <td key={c}>{t ? `${money(t.paid, c)} (${t.count})` : "—"}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/admin/payments">All payments</Link>
      </p>
    </section>
  );
}
