// The Cron Trigger's work (wrangler.toml [triggers]): keeps the security tables bounded whatever the traffic.
//  - login_attempts and sushi_attempts: rows older than the throttle's longest look-back (90 days) go;
//  - revoked_tokens: logged-out tokens go once they would have expired anyway;
//  - verify_attempts: failed /verify guesses older than a day (the throttle looks back 10 minutes);
//  - articles stored before migration 0003 get their duplicate-title key, a batch per run;
//  - Crossref deposits still waiting are polled, on every trigger (hourly), so their DOIs become registered without
//    anyone opening the issue page (worker/scholarly/crossref-polling.ts);
//  - journal moves without progress for 15 minutes are resumed (worker/platform/journal-move-workflow.ts,
//    docs/decisions/0306).
//  - journal hosts whose custom hostname is not yet active are asked about at Cloudflare, on every trigger (hourly),
//    so a host starts answering readers about an hour after its owner's DNS is right (docs/decisions/0357).
//  - issues scheduled for a day that has come are published, on every trigger (hourly), and their journals' edge
//    cache goes stale (worker/archive/scheduled-issues.ts, docs/decisions/0383).
//  - daily, fees still pending after a checkout began are asked about at the gateway (worker/payments/reconcile.ts).
import { bindingOf, drizzleOf, shardNames } from "./core/data/shards";
import { pruneLoginAttempts } from "./auth/login-attempts.repo";
import { pruneRevokedTokens } from "./auth/admin-users.repo";
import { backfillTitleKeys } from "./archive/articles.repo";
import { LOGIN_LOG_RETENTION_SECONDS } from "./auth/login-throttle";
import { pruneVerifyAttempts } from "./verification/verify-attempts.repo";
import { runWorkflowDaily } from "./workflow/reminders";
import { pollWaitingDeposits } from "./scholarly/crossref-polling";
import { purgeStaleRestoreUploads } from "./platform/restore-uploads";
import { resumeStalledMoves } from "./platform/journal-move-workflow";
import { reconcilePayments } from "./payments/reconcile";
import { refreshHostsOnSchedule } from "./platform/custom-hostnames/host-hostnames";
import { checkMailDomainsOnSchedule } from "./platform/mail-domains/mail-domain-check";
import { publishScheduledIssues } from "./archive/scheduled-issues";

/** wrangler.toml [triggers]: the daily one does everything; the hourly one only polls Crossref. */
export const DAILY_CRON = "17 3 * * *";

/** Articles re-keyed per run: a few hundred single-row updates stay far inside a Cron Trigger's limits. */
const TITLE_KEYS_PER_RUN = 500;

export interface MaintenanceReport {
  loginAttemptsPruned: number;
  titleKeysWritten: number;
  titleKeyClashes: number[];
}

/** Every database holding journals, one after the other (docs/decisions/0240); the figures are their sums. */
export async function runMaintenance(env: Pick<Env, "DB">, now: Date): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { loginAttemptsPruned: 0, titleKeysWritten: 0, titleKeyClashes: [] };
  for (const shard of shardNames(env)) {
    const db = drizzleOf(bindingOf(env, shard));
    report.loginAttemptsPruned += await pruneLoginAttempts(db, new Date(now.getTime() - LOGIN_LOG_RETENTION_SECONDS * 1000).toISOString());
    await pruneRevokedTokens(db, now);
    await pruneVerifyAttempts(db, new Date(now.getTime() - 86_400_000).toISOString());
    const keys = await backfillTitleKeys(db, TITLE_KEYS_PER_RUN);
    if (keys.clashes.length)
      console.warn(`articles whose titles duplicate another article's in ${shard} (rename one):`, keys.clashes.join(", "));
    report.titleKeysWritten += keys.keyed;
    report.titleKeyClashes.push(...keys.clashes);
  }
  return report;
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
  ctx.waitUntil(pollWaitingDeposits(env).then((r) => console.log("crossref", JSON.stringify(r))));
  ctx.waitUntil(refreshHostsOnSchedule(env).then((n) => console.log("custom hostnames refreshed", n)));
  // Sending domains' Email Service records (docs/decisions/0395): a domain becomes the journal's sender within the hour.
  ctx.waitUntil(checkMailDomainsOnSchedule(env).then((n) => console.log("mail domains checked", n)));
  // Scheduled issues whose day has come (docs/decisions/0383): within the hour after midnight UTC.
  ctx.waitUntil(
    publishScheduledIssues(env, new Date(controller.scheduledTime)).then((done) => console.log("scheduled issues published", done.length)),
  );
  if (controller.cron !== DAILY_CRON) return;
  ctx.waitUntil(runMaintenance(env, new Date(controller.scheduledTime)).then((r) => console.log("maintenance", JSON.stringify(r))));
  // Reviewers' reminders and mail left queued (worker/workflow/reminders.ts).
  ctx.waitUntil(runWorkflowDaily(env, new Date(controller.scheduledTime)).then((r) => console.log("workflow", JSON.stringify(r))));
  // Journal moves whose runner died (a server stopped after the switch): taken over and finished.
  ctx.waitUntil(resumeStalledMoves(env, controller.scheduledTime).then((ids) => console.log("journal moves resumed", ids.length)));
  // Invoices still pending after a checkout began: the gateways are asked (worker/payments/reconcile.ts).
  ctx.waitUntil(reconcilePayments(env, new Date(controller.scheduledTime)).then((r) => console.log("payments", JSON.stringify(r))));
  // Backups the console staged for a restore that never came (worker/platform/restore-uploads.ts).
  ctx.waitUntil(
    purgeStaleRestoreUploads(env.FILES, new Date(controller.scheduledTime)).then((keys) =>
      console.log("staged restores removed", keys.length),
    ),
  );
};
