// The console's fee totals (issue 49 item 5): what was paid per journal and currency, read from every journal
// database (docs/decisions/0240) and kept to the journals each database holds now.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { journals } from "../core/data/schema";
import { mountedAt } from "../core/routing/declared";
import { paymentsApi } from "#contract/routes/payments";
import { majorUnits } from "#contract/payments";
import { paidTotalsByJournal } from "./payments.repo";

const at = mountedAt("/api/platform");

export interface PlatformPaymentTotal {
  journalId: number;
  name: string;
  currency: string;
  paid: number;
  count: number;
}

export const paymentsPlatformRoutes = new Hono<AppEnv>().get(at(paymentsApi.platformTotals), async (c) => {
  const all = await c.var.platformDb.select({ id: journals.id, name: journals.websitename, shard: journals.shard }).from(journals);
  const totals: PlatformPaymentTotal[] = [];
  for (const shard of [...new Set(all.map((j) => j.shard))]) {
    const here = new Map(all.filter((j) => j.shard === shard).map((j) => [j.id, j.name]));
    for (const r of await paidTotalsByJournal(c.var.databaseFor(shard))) {
      const name = here.get(r.journalId);
      if (name === undefined) continue;
      totals.push({ journalId: r.journalId, name, currency: r.currency, paid: majorUnits(Number(r.paid)), count: Number(r.count) });
    }
  }
  totals.sort((a, b) => a.name.localeCompare(b.name) || a.currency.localeCompare(b.currency));
  return c.json({ totals });
});
