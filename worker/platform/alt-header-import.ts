// ALT_HEADER_DOMAINS is retired (docs/decisions/0162-alt-header-retired.md): the hosts that take the alternate
// header branch are a per-host flag in D1 (journal_domains.alt_header), set in the platform console. A deployment
// that still has the variable gets it read ONCE into those flags, and never again: later edits of the variable do
// nothing. When (docs/decisions/0270-data-layer-names.md): at the Worker's entry, before the first request of an
// isolate is answered, not in the journal middleware. After one answer per isolate (an empty variable, the marker
// found, or the import done) the isolate never asks again: the requests after it cost one boolean test.
import type { Db } from "../core/env";
import { parseHostList } from "#contract/host";
import { altHeaderImportDone, importAltHeaderHosts } from "./alt-header.repo";

export interface AltHeaderImport {
  /** Settles once the variable is dealt with for this isolate; concurrent first requests share one run. */
  ensure(db: () => Db, variable: string | undefined): Promise<void>;
  readonly settled: boolean;
}

export function altHeaderImport(): AltHeaderImport {
  let settled = false;
  let running: Promise<void> | null = null;
  const run = async (db: Db, hosts: string[]) => {
    if (!(await altHeaderImportDone(db))) await importAltHeaderHosts(db, hosts);
    settled = true;
  };
  return {
    get settled() {
      return settled;
    },
    async ensure(db, variable) {
      if (settled) return;
      const hosts = [...parseHostList(variable ?? "")];
      if (hosts.length === 0) {
        settled = true;
        return;
      }
      // A failure leaves it unsettled: the next request tries again.
      running ??= run(db(), hosts).finally(() => {
        running = null;
      });
      await running;
    },
  };
}
