// /api/platform/restores: one journal restored into this running platform from the console (issue 38 item 1,
// docs/decisions/0260-restore-from-the-console.md). The same restore as `npm run restore` (backup-restore.ts): a
// backup is untrusted input, checked whole (signature, the journal's boundary, every hash) before the first write.
//
//   POST   /            the tar as the body (at most RESTORE_MAX_BYTES), staged in R2 under platform/restores/ and
//                      checked without writing: what it holds, whether its signature holds, or why it is refused
//   POST   /{upload}    { mode: "new" | "replace", confirm?, trustUnsigned? }: restores it; the answer streams NDJSON
//                      progress lines, then the result (counts, notes) or the refusal; the staged file is removed
//   DELETE /{upload}    cancels: the staged file is removed
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { limitJsonBody } from "../core/middleware/body-size";
import { forgetJournals } from "../core/edge/journal-memo";
import { deleteFileQuietly } from "../core/files/uploads";
import { operatorActorOf } from "./operator-guard";
import type { BackupBucket, BackupDb } from "./backup";
import { RestoreRefused, restoreBackup } from "./backup-restore";
import { r2RangeReader, TarProblem, tarSourceOf } from "./backup-tar-reader";
import { journalById } from "./platform-journals.repo";
import { stagedRestoreKey } from "./restore-uploads";
import { mountedAt } from "../core/routing/declared";
import { platformApi } from "#contract/routes/platform";
import { RESTORE_MAX_BYTES, type RestoreProgress, type RestoreUpload, restoreRequestSchema } from "#contract/platform-restore";

type Ctx = Context<AppEnv>;

const stagedKey = stagedRestoreKey;

const uploadParam = (c: Ctx) => {
  const id = c.req.param("upload") ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new HttpError(404, "upload_not_found");
  return id;
};

const rawDb = (c: Ctx) => (c.var.platformDb as unknown as { $client: BackupDb }).$client;
const bucketOf = (c: Ctx) => c.get("files") as unknown as BackupBucket;

/** The staged tar as a backup source (range reads), or 404 when it is gone. */
async function stagedSource(c: Ctx, id: string) {
  const head = await c.get("files").head(stagedKey(id));
  if (!head) throw new HttpError(404, "upload_not_found");
  return { source: await tarSourceOf(r2RangeReader(c.get("files"), stagedKey(id)), head.size), size: head.size };
}

/** Why a refusal happened, in the restore's words (TarProblem, RestoreRefused, a JSON entry that does not parse). */
const reasonOf = (err: unknown): string | null =>
  err instanceof RestoreRefused || err instanceof TarProblem
    ? err.message
    : err instanceof SyntaxError
      ? `an entry of the backup is not JSON (${err.message})`
      : null;

const at = mountedAt("/api/platform/restores");

export const restorePlatformRoutes = new Hono<AppEnv>()
  .post(at(platformApi.uploadRestore), async (c) => {
    const length = Number(c.req.header("content-length") ?? Number.NaN);
    if (!Number.isSafeInteger(length)) throw new HttpError(411, "length_required");
    if (length > RESTORE_MAX_BYTES) throw new HttpError(413, "backup_too_large", { maxBytes: RESTORE_MAX_BYTES });
    if (length < 1024 || !c.req.raw.body) throw new HttpError(400, "not_a_backup");
    const id = crypto.randomUUID();
    const files = c.get("files");
    const operator = operatorActorOf(c);
    try {
      await files.put(stagedKey(id), c.req.raw.body, {
        httpMetadata: { contentType: "application/x-tar" },
        customMetadata: { operator: operator.username, uploadedAt: new Date().toISOString() },
      });
    } catch {
      // The body ended before its Content-Length (a closed tab, a dropped connection): nothing is staged.
      await deleteFileQuietly(files, stagedKey(id));
      throw new HttpError(400, "upload_incomplete");
    }
    try {
      const { source, size } = await stagedSource(c, id);
      // Everything restore checks, nothing written; the signature's problem is reported, not refused, here.
      const checked = await restoreBackup(rawDb(c), bucketOf(c), source, {
        signingKey: c.get("config").backupSigningKey ?? null,
        trustUnsigned: true,
        mode: "new",
        dryRun: true,
      });
      if (!checked.journal) throw new HttpError(422, "whole_platform_backup");
      const name = checked.manifest.journals[0]?.websitename ?? "";
      const same = await journalById(c.get("db"), checked.journal.id).catch(() => null);
      const upload: RestoreUpload = {
        id,
        bytes: size,
        createdAt: checked.manifest.createdAt,
        journal: { id: checked.journal.id, slug: checked.journal.slug, name },
        tables: checked.manifest.tables,
        rows: checked.rows,
        files: checked.objects,
        signatureProblem: checked.unverified,
        sameJournal: same ? { id: same.id, slug: same.slug, name: same.websitename } : null,
      };
      return c.json({ upload }, 201);
    } catch (err) {
      await deleteFileQuietly(files, stagedKey(id));
      const reason = reasonOf(err);
      if (reason !== null) throw new HttpError(422, "backup_refused", { reason });
      throw err;
    }
  })
  .post(at(platformApi.runRestore), limitJsonBody, jsonContent, jsonBodyFirstCode(restoreRequestSchema), async (c) => {
    const id = uploadParam(c);
    const input = c.req.valid("json");
    const { source } = await stagedSource(c, id);
    const signingKey = c.get("config").backupSigningKey ?? null;
    // What the operator must have said, answered as plain errors before anything streams: the whole check again
    // (the upload's answer may be old), the signature's problem refused unless trusted (restore checks it all again).
    const checked = await restoreBackup(rawDb(c), bucketOf(c), source, {
      signingKey,
      trustUnsigned: true,
      mode: "new",
      dryRun: true,
    }).catch((err: unknown) => {
      const reason = reasonOf(err);
      throw reason === null ? err : new HttpError(422, "backup_refused", { reason });
    });
    const journalId = checked.journal?.id;
    if (!journalId) throw new HttpError(422, "whole_platform_backup");
    if (checked.unverified && !input.trustUnsigned) throw new HttpError(422, "backup_unverified", { reason: checked.unverified });
    if (input.mode === "replace") {
      const current = await journalById(c.get("db"), journalId).catch(() => null);
      if (!current) throw new HttpError(409, "journal_missing");
      if ((input.confirm ?? "") !== current.slug) throw new HttpError(409, "slug_mismatch");
    }
    const operator = operatorActorOf(c);
    const encoder = new TextEncoder();
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const send = (line: RestoreProgress) => writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
    let keepStaged = false;
    const done = (async () => {
      try {
        await send({ type: "progress", message: "Checking the signature, the journal's boundary and every file's hash…" });
        // The journal's rows go to its journal database: over itself, where it is; as a new journal, the least full
        // one (docs/decisions/0240). The platform's rows (the journal's row, its hosts) to the platform database.
        const newShard = input.mode === "new" ? await c.var.shards.forNewJournal() : undefined;
        const result = await restoreBackup(rawDb(c), bucketOf(c), source, {
          journalDatabase: (shard) => (c.var.databaseFor(shard) as unknown as { $client: BackupDb }).$client,
          newShard,
          signingKey,
          trustUnsigned: input.trustUnsigned ?? false,
          mode: input.mode,
          confirm: input.confirm,
          actor: operator.username,
          actorId: operator.operatorId,
          log: (message) => void send({ type: "progress", message: message.trim() }),
        });
        forgetJournals();
        await send({
          type: "done",
          journal: result.journal as { id: number; slug: string },
          mode: input.mode,
          rows: result.rows,
          files: result.objects,
          notes: result.notes,
          signatureProblem: result.unverified,
        });
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === null) console.error("console restore failed", id, err);
        // Stopped by the platform midway: the upload stays, so the operator can run the same restore again.
        keepStaged = reason === null;
        await send(
          reason === null
            ? { type: "failed", reason: "the restore stopped on an error of the platform; run it again (the upload is kept)" }
            : { type: "refused", reason },
        );
      } finally {
        if (!keepStaged) await deleteFileQuietly(c.get("files"), stagedKey(id));
        await writer.close().catch(() => {});
      }
    })();
    c.executionCtx.waitUntil(done);
    return new Response(readable, {
      headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  })
  .delete(at(platformApi.cancelRestore), async (c) => {
    await deleteFileQuietly(c.get("files"), stagedKey(uploadParam(c)));
    return c.body(null, 204);
  });
