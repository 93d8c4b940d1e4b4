// The Cron Trigger's part in issue publication (issue 48 item 8, docs/decisions/0383): on every trigger (hourly),
// each database's scheduled issues whose day (UTC) has come are published, and each journal that had one gets a
// new content version, so the edge cache's copies of its archive and pages go stale as after a staff edit
// (docs/decisions/0110).
import { bindingOf, drizzleOf, platformDatabase, shardNames, type Databases } from "../core/data/shards";
import { bumpContentVersion } from "../core/audit/admin-events.repo";
import { forgetJournals } from "../core/edge/journal-memo";
import { publishDueIssues } from "./issues.repo";

/** The issues published, as "journalId:year/volume/issue". */
export async function publishScheduledIssues(env: Databases, now: Date): Promise<string[]> {
  const today = now.toISOString().slice(0, 10);
  const published: string[] = [];
  const journals = new Set<number>();
  for (const shard of shardNames(env)) {
    for (const row of await publishDueIssues(drizzleOf(bindingOf(env, shard)), today)) {
      published.push(`${row.journalId}:${row.year}/${row.volume}/${row.issue}`);
      journals.add(row.journalId);
    }
  }
  const platformDb = platformDatabase(env);
  for (const id of journals) await bumpContentVersion(platformDb, id);
  if (journals.size) forgetJournals();
  return published;
}
