// The console's fee totals (issue 49 item 5): what each journal was paid online or by transfer, per currency.
import { useEffect, useState } from "react";
import { consoleApi } from "./console-api";
import { apiCall } from "#contract/routes/endpoint";
import { paymentsApi } from "#contract/routes/payments";
import { formatMoney } from "#contract/payments";
import { ConsoleTable } from "./console-table";

interface Total {
  journalId: number;
  name: string;
  currency: string;
  paid: number;
  count: number;
}

export function FeesPanel() {
  const [totals, setTotals] = useState<Total[] | null>(null);
  useEffect(() => {
    consoleApi<{ totals: Total[] }>(apiCall(paymentsApi.platformTotals))
      .then((r) => setTotals(r.totals))
      .catch(() => setTotals(null));
  }, []);
  if (!totals || totals.length === 0) return null;
  return (
    <>
      <h2>Publication fees paid</h2>
      <ConsoleTable label="Publication fees paid" columns={["Journal", "Currency", "Paid", "Invoices"]}>
        {totals.map((t) => (
          <tr key={`${t.journalId}-${t.currency}`}>
            <td data-label="Journal">
              <a href={`#/journals/${t.journalId}`}>{t.name || `Journal ${t.journalId}`}</a>
            </td>
            <td data-label="Currency">{t.currency}</td>
            <td data-label="Paid">{formatMoney(Math.round(t.paid * 100), t.currency)}</td>
            <td data-label="Invoices">{t.count}</td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
