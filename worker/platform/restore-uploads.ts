// Backups staged by the console's restore (docs/decisions/0260) wait in R2 under platform/restores/ until the operator
// restores or cancels. One left behind (a closed tab, an operator who walked away) is removed by the daily Cron Trigger
// once it is a day old: a backup holds a journal's whole data, so it must not linger where nobody looks.

/** Where uploads wait: outside journals/, so no journal's backup, listing or deletion ever sees them. */
export const STAGED_RESTORES_PREFIX = "platform/restores/";
export const stagedRestoreKey = (id: string) => `${STAGED_RESTORES_PREFIX}${id}.tar`;

/** How long a staged backup may wait for its restore. */
export const STAGED_RESTORE_MAX_AGE_MS = 86_400_000;

interface StagedBucket {
  list(options: {
    prefix: string;
    cursor?: string;
  }): Promise<{ objects: { key: string; uploaded: Date }[]; truncated: boolean; cursor?: string }>;
  delete(keys: string[]): Promise<void>;
}

/** Removes staged backups uploaded more than STAGED_RESTORE_MAX_AGE_MS before `now`; answers the keys removed. */
export async function purgeStaleRestoreUploads(bucket: StagedBucket, now: Date): Promise<string[]> {
  const stale: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: STAGED_RESTORES_PREFIX, cursor });
    for (const o of page.objects) if (now.getTime() - o.uploaded.getTime() > STAGED_RESTORE_MAX_AGE_MS) stale.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  // R2 deletes at most 1,000 keys per call.
  for (let i = 0; i < stale.length; i += 1000) await bucket.delete(stale.slice(i, i + 1000));
  return stale;
}
