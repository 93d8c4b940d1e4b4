// Polling a Crossref submission (docs/decisions/0224, 0271): what `POST /api/admin/crossref/deposits/{id}/check`
// does for staff, and what the Cron Trigger does for every deposit still waiting, so a DOI becomes registered
// without anyone opening the issue page. Crossref processes a deposit within minutes to hours; the hourly trigger
// looks at the deposits still `submitted` (oldest check first, a bounded number per run).
import { bindingOf, drizzleOf, PLATFORM_DATABASE, platformDatabase, shardNames, type Databases } from "../core/data/shards";
import { bumpContentVersion } from "../core/audit/admin-events.repo";
import type { CrossrefDepositRow } from "../core/data/schema";
import type { Db } from "../core/env";
import { type AdminActor, afterAdminWrite } from "../core/audit/admin-events.repo";
import { forgetJournals } from "../core/edge/journal-memo";
import { fetchSubmission } from "./crossref-api";
import { decryptSecret } from "./crossref-secret";
import { findCrossrefAccount, listWaitingDeposits, recordDepositResult } from "./crossref-deposits.repo";

export interface CrossrefLogin {
  endpoint: string;
  username: string;
  password: string;
}

/**
 * Asks Crossref for the submission's result and records it: still queued (the deposit stays `submitted`), or
 * completed — the DOIs Crossref accepted are registered (even when others in the batch failed), each failed
 * record's DOI and message kept for staff. Registering moves the journal's content version (pages link the DOIs
 * now) with an audit line by `actor`. A deposit no longer `submitted` is left as it is. True when DOIs were registered.
 */
export async function checkDeposit(db: Db, deposit: CrossrefDepositRow, login: CrossrefLogin, actor: AdminActor): Promise<boolean> {
  if (deposit.status !== "submitted") return false;
  const { journalId, id } = deposit;
  const result = await fetchSubmission(login.endpoint, login.username, login.password, deposit.batchId);
  const checkedAt = new Date().toISOString();
  if ("error" in result) {
    await recordDepositResult(db, journalId, id, { status: "submitted", message: result.error, checkedAt }, []);
    return false;
  }
  if (result.status !== "completed") {
    // queued / in_process: Crossref has not processed the file yet.
    const message = result.status === "unknown_submission" ? "Crossref does not know this submission yet." : `Crossref: ${result.status}`;
    await recordDepositResult(db, journalId, id, { status: "submitted", message, checkedAt }, []);
    return false;
  }
  const ok = result.records.filter((r) => r.status !== "Failure").map((r) => r.doi);
  const failed = result.records.filter((r) => r.status === "Failure");
  const status = failed.length ? "failed" : "registered";
  const message = failed.length
    ? failed.map((r) => `${r.doi}: ${r.message}`).join("\n")
    : `${ok.length} DOI${ok.length === 1 ? "" : "s"} registered.`;
  const dois = (JSON.parse(deposit.dois) as string[]).filter((d) => ok.some((x) => x.toLowerCase() === d.toLowerCase()));
  // Pages now print those DOIs as links: the content version moves (edge cache), and the trail says why, in the
  // same batch as the marks.
  const after = dois.length
    ? afterAdminWrite(db, actor, { action: "issue.crossref_registered", entity: "issue", summary: `${dois.length} DOIs` })
    : [];
  await recordDepositResult(db, journalId, id, { status, message, checkedAt }, dois, after);
  return dois.length > 0;
}

/** Deposits looked at per run of the trigger: each is one request to Crossref. */
export const DEPOSITS_PER_RUN = 25;

export interface PollReport {
  checked: number;
  /** Deposits that could not be checked, and why (no login, an unreadable password, a failure). */
  skipped: string[];
}

/** The Cron Trigger's part: every deposit still waiting for Crossref, of every journal, database by database (0240). */
export async function pollWaitingDeposits(env: Databases & Pick<Env, "JWT_SECRET">, limit = DEPOSITS_PER_RUN): Promise<PollReport> {
  const report: PollReport = { checked: 0, skipped: [] };
  const platformDb = platformDatabase(env);
  for (const shard of shardNames(env)) {
    const db = drizzleOf(bindingOf(env, shard));
    for (const deposit of await listWaitingDeposits(db, limit)) {
      const account = await findCrossrefAccount(db, deposit.journalId);
      const password = account ? await decryptSecret(account.passwordEnc, env.JWT_SECRET) : null;
      if (!account || password === null) {
        report.skipped.push(`${deposit.id}: ${account ? "crossref_password_unreadable" : "no_crossref_account"}`);
        continue;
      }
      try {
        const login = { endpoint: account.endpoint, username: account.username, password };
        if (await checkDeposit(db, deposit, login, SCHEDULED(deposit.journalId))) {
          // The journal's content version is the platform's row; this isolate reads it at once, others within the
          // memo's bound (docs/decisions/0110).
          if (shard !== PLATFORM_DATABASE) await bumpContentVersion(platformDb, deposit.journalId);
          forgetJournals();
        }
        report.checked++;
      } catch (err) {
        report.skipped.push(`${deposit.id}: ${String((err as Error).message ?? err)}`);
      }
    }
  }
  return report;
}

/** The audit trail's author of a registration the trigger found. */
const SCHEDULED = (journalId: number): AdminActor => ({ journalId, adminId: null, username: "Crossref check (scheduled)" });
