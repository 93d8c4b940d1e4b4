// /api/platform/journals: the operator's journals, their hosts and staff (docs/api.md "Platform API",
// docs/decisions/0160-0161). Every write is audited in operator_events (who, what, when, before and after) in the
// same batch as the change, and forgets this isolate's host memo so the change is seen here at once.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { eq, type SQL } from "drizzle-orm";
import { journals as journalsTable } from "../core/data/schema";
import { runAfterCommit } from "../core/data/after-commit";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { limitJsonBody } from "../core/middleware/body-size";
import { operatorActorOf } from "./operator-guard";
import { forgetJournals } from "../core/edge/journal-memo";
import { operatorEvent, type OperatorEvent } from "./operator-events.repo";
import {
  addHost,
  changeHost,
  createJournal,
  deleteJournalRows,
  hostsByJournal,
  journalById,
  listJournalsWithCounts,
  removeHost,
  updateJournal,
} from "./platform-journals.repo";
import type { JournalRow } from "../core/data/schema";
import { exportBackup, type BackupBucket, type BackupDb } from "./backup";
import { tarSink } from "./backup-tar";
import { signingKeyProblem } from "./backup-signature";
import { deleteFileQuietly } from "../core/files/uploads";
import { staffPlatformRoutes } from "./staff.platform.routes";
import { transferPlatformRoutes } from "../transfer/transfer.platform.routes";
import {
  hostAddSchema,
  hostPatchSchema,
  journalCreateSchema,
  journalDeleteSchema,
  journalEditSchema,
  normalizeHost,
  type HostAnswer,
  type HostFlags,
  type JournalSummary,
} from "#contract/platform";
import { mountedAt } from "../core/routing/declared";
import { deleteHostHostname, refreshHost, saasOf, syncHost } from "./custom-hostnames/host-hostnames";
import { platformApi } from "#contract/routes/platform";
import { mailAnswerOf, sendingDomainOf } from "./mail-domains/mail-domain-answer";
import { checkMailDomain } from "./mail-domains/mail-domain-check";
import { dnsOverHttps } from "./mail-domains/dns-over-https";

const at = mountedAt("/api/platform/journals");

type Ctx = Context<AppEnv>;

/** The console's routes on one journal's rows (staff, imports) read and write the journal's own database, as the
 * journal's own admin does (docs/decisions/0240): c.var.db becomes it; c.var.platformDb stays the platform's. */
const useJournalDatabase: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
  c.set("db", c.var.databaseFor((await journalById(c.var.platformDb, id)).shard));
  await next();
};

const idParam = (c: Ctx) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
  return id;
};

/** What an operator edits of a journal, as recorded before and after a change. */
const identityOf = (j: JournalRow) => ({
  name: j.websitename,
  abbreviation: j.formatted_journal_name,
  issnPrint: j.issn_print,
  issnOnline: j.issn_online,
  contactEmail: j.websiteemail,
  status: j.status,
});

/** Bytes of the journal's R2 files (every object under journals/{id}/). */
async function storageBytes(bucket: R2Bucket, journalId: number): Promise<number> {
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `journals/${journalId}/`, cursor, limit: 1000 });
    for (const o of page.objects) bytes += o.size;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return bytes;
}

function summaryOf(j: JournalRow, hosts: HostAnswer[], counts: JournalSummary["counts"], storage: number): JournalSummary {
  return {
    id: j.id,
    ...identityOf(j),
    status: j.status === "suspended" ? "suspended" : "active",
    isDefault: j.isDefault,
    hosts,
    counts,
    storageBytes: storage,
    lastBackupAt: j.lastBackupAt,
    updatedAt: j.updatedAt,
  };
}

/** The audit statement of an action on a journal (journalId may be an SQL expression inside the batch). */
const audited = (c: Ctx, event: Omit<OperatorEvent, "journalId"> & { journalId: number | SQL }) =>
  operatorEvent(c.get("db"), operatorActorOf(c), event as OperatorEvent);

async function oneSummary(c: Ctx, id: number): Promise<JournalSummary> {
  const db = c.get("db");
  const row = (await listJournalsWithCounts(db, c.var.databaseFor, id)).find((r) => r.journal.id === id);
  if (!row) throw new HttpError(404, "not_found");
  const hosts = (await hostsByJournal(db, id)).get(id) ?? [];
  const counts = { issues: Number(row.issues), articles: Number(row.articles), editors: Number(row.editors) };
  const summary = summaryOf(row.journal, hosts, counts, await storageBytes(c.get("files"), id));
  const mail = await mailAnswerOf(db, c.var.databaseFor(row.journal.shard), row.journal, c.var.config.mail.platformFrom);
  return mail ? { ...summary, mail } : summary;
}

/**
 * A host from the path, normalised as stored (the console sends it as listed). The router has already decoded the
 * path once; decoding again turned "%E0%A4%A" or "%" into a URIError and a 500 (issue 38 item 5). A host never holds
 * a "%", so whatever is left encoded is simply no host.
 */
const hostParam = (c: Ctx) => {
  const host = normalizeHost(c.req.param("host") ?? "");
  if (!host) throw new HttpError(404, "not_found");
  return host;
};

/** The console's own hosts (PLATFORM_HOSTS) never belong to a journal: 409 host_reserved. */
const refuseConsoleHost = (c: Ctx, host: string) => {
  const reserved = c.var.config.platformHosts
    .split(",")
    .map((h) => normalizeHost(h))
    .filter(Boolean);
  if (reserved.includes(host)) throw new HttpError(409, "host_reserved");
};

export const journalsPlatformRoutes = new Hono<AppEnv>()
  .get(at(platformApi.journals), async (c) => {
    const db = c.get("db");
    const [rows, hosts] = await Promise.all([listJournalsWithCounts(db, c.var.databaseFor), hostsByJournal(db)]);
    const journals = await Promise.all(
      rows.map(async (r) =>
        summaryOf(
          r.journal,
          hosts.get(r.journal.id) ?? [],
          { issues: Number(r.issues), articles: Number(r.articles), editors: Number(r.editors) },
          await storageBytes(c.get("files"), r.journal.id),
        ),
      ),
    );
    return c.json({ journals });
  })
  .post(at(platformApi.createJournal), limitJsonBody, jsonContent, jsonBodyFirstCode(journalCreateSchema), async (c) => {
    const input = c.req.valid("json");
    refuseConsoleHost(c, input.primaryHost);
    // The least-full journal database takes it (docs/decisions/0240); its copy of the journal's row goes there first
    // thing, and a journal whose copy could not be written is taken back.
    const shard = await c.var.shards.forNewJournal();
    const journal = await createJournal(c.get("db"), { ...input, shard }, (journalId) => [
      audited(c, { action: "journal.create", journalId, summary: `${input.name} on ${input.primaryHost}`, before: null, after: input }),
    ]);
    try {
      await c.var.shards.copyJournalRow(journal.id);
    } catch (err) {
      await c.get("db").delete(journalsTable).where(eq(journalsTable.id, journal.id));
      throw err;
    }
    // Its primary host becomes a custom hostname too (decision 0356); a failure is kept on the host, not thrown.
    const saas = saasOf(c.var.config.saas);
    if (saas) await syncHost(c.get("db"), saas, input.primaryHost);
    forgetJournals();
    return c.json({ journal: await oneSummary(c, journal.id) }, 201);
  })
  .get(at(platformApi.journal), async (c) => c.json({ journal: await oneSummary(c, idParam(c)) }))
  .patch(at(platformApi.editJournal), limitJsonBody, jsonContent, jsonBodyFirstCode(journalEditSchema), async (c) => {
    const id = idParam(c);
    const before = await journalById(c.get("db"), id);
    const input = c.req.valid("json");
    const set = {
      ...(input.name !== undefined ? { websitename: input.name } : {}),
      ...(input.abbreviation !== undefined ? { formatted_journal_name: input.abbreviation } : {}),
      ...(input.contactEmail !== undefined ? { websiteemail: input.contactEmail } : {}),
      ...(input.issnPrint !== undefined ? { issn_print: input.issnPrint } : {}),
      ...(input.issnOnline !== undefined ? { issn_online: input.issnOnline } : {}),
    };
    if (input.issnPrint !== undefined || input.issnOnline !== undefined) {
      Object.assign(set, { issn: [set.issn_print ?? before.issn_print, set.issn_online ?? before.issn_online].filter(Boolean).join(", ") });
    }
    const after = await updateJournal(c.get("db"), id, set, [
      audited(c, {
        action: "journal.edit",
        journalId: id,
        summary: before.websitename,
        before: identityOf(before),
        after: { ...identityOf(before), ...input },
      }),
    ]);
    forgetJournals();
    return c.json({ journal: await oneSummary(c, after.id) });
  })
  .post(at(platformApi.suspend), (c) => setStatus(c, "suspended"))
  .post(at(platformApi.resume), (c) => setStatus(c, "active"))
  // The journal's rows and files, streamed as a tar of the `npm run backup` folder (restore: npm run restore).
  .get(at(platformApi.backup), async (c) => {
    const id = idParam(c);
    const journal = await journalById(c.get("db"), id);
    // An unsigned backup could not be told from a tampered one at restore (docs/decisions/0182).
    const signingKey = c.get("config").backupSigningKey;
    if (signingKeyProblem(signingKey)) throw new HttpError(503, "backup_signing_not_configured");
    // The journal's row and hosts are the platform database's, its other rows its own database's (docs/decisions/0240).
    const clientOf = (d: unknown) => (d as { $client: BackupDb }).$client;
    const db = { platform: clientOf(c.var.platformDb), journal: clientOf(c.var.databaseFor(journal.shard)) };
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const sink = tarSink(writer);
    const taken = new Date().toISOString();
    const done = (async () => {
      try {
        await exportBackup(db, c.get("files") as unknown as BackupBucket, sink, { journalId: id, signingKey: signingKey as string });
        await sink.end();
        await writer.close();
        // Only a backup that was written to the end counts for deletion.
        await updateJournal(
          c.get("db"),
          id,
          { lastBackupAt: taken },
          [
            audited(c, {
              action: "journal.backup",
              journalId: id,
              summary: journal.websitename,
              before: { lastBackupAt: journal.lastBackupAt },
              after: { lastBackupAt: taken },
            }),
          ],
          { bump: false },
        );
      } catch (err) {
        console.error("backup failed", id, err);
        await writer.abort(err).catch(() => {});
      }
    })();
    c.executionCtx.waitUntil(done);
    const name = `journal-${id}-${taken.slice(0, 19).replace(/[:T]/g, "-")}.tar`;
    return new Response(readable, {
      headers: {
        "Content-Type": "application/x-tar",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .delete(at(platformApi.deleteJournal), limitJsonBody, jsonContent, jsonBodyFirstCode(journalDeleteSchema), async (c) => {
    const id = idParam(c);
    const db = c.get("db");
    const journal = await journalById(db, id);
    if (!journal.lastBackupAt) throw new HttpError(409, "backup_required");
    if (c.req.valid("json").confirmName.trim() !== journal.websitename.trim()) throw new HttpError(409, "name_mismatch");
    if (journal.isDefault) throw new HttpError(409, "default_journal");
    const hosts = (await hostsByJournal(db, id)).get(id) ?? [];
    await deleteJournalRows(db, c.var.databaseFor(journal.shard), id, [
      audited(c, {
        action: "journal.delete",
        journalId: id,
        summary: journal.websitename,
        before: { ...identityOf(journal), hosts: hosts.map((h) => h.host), lastBackupAt: journal.lastBackupAt },
        after: null,
      }),
    ]);
    forgetJournals();
    // The rows are gone (nothing names the files any more): now the files, every object under the journal's prefix.
    const files = c.get("files");
    let cursor: string | undefined;
    let removed = 0;
    do {
      const page = await files.list({ prefix: `journals/${id}/`, cursor, limit: 1000 });
      await Promise.all(page.objects.map((o) => deleteFileQuietly(files, o.key)));
      removed += page.objects.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return c.json({ deleted: id, files: removed });
  })
  // ---- Hosts ----
  .post(at(platformApi.addHost), limitJsonBody, jsonContent, jsonBodyFirstCode(hostAddSchema), async (c) => {
    const id = idParam(c);
    await journalById(c.get("db"), id);
    const input = c.req.valid("json");
    refuseConsoleHost(c, input.host);
    const after: HostFlags = { host: input.host, primary: input.primary ?? false, altHeader: input.altHeader ?? false };
    await addHost(c.get("db"), id, input.host, input, [
      audited(c, { action: "host.add", journalId: id, summary: input.host, before: null, after }),
    ]);
    // With a SaaS zone the host becomes a custom hostname (decision 0356); a failure is kept on the host, not thrown.
    const saas = saasOf(c.var.config.saas);
    if (saas) await syncHost(c.get("db"), saas, input.host);
    forgetJournals();
    return c.json({ journal: await oneSummary(c, id) }, 201);
  })
  .patch(at(platformApi.editHost), limitJsonBody, jsonContent, jsonBodyFirstCode(hostPatchSchema), async (c) => {
    const id = idParam(c);
    const host = hostParam(c);
    const change = c.req.valid("json");
    await changeHost(c.get("db"), id, host, change, (before) => [
      audited(c, {
        action: change.primary ? "host.make_primary" : "host.header",
        journalId: id,
        summary: host,
        before,
        after: {
          ...before,
          ...(change.primary ? { primary: true } : {}),
          ...(change.altHeader !== undefined ? { altHeader: change.altHeader } : {}),
        },
      }),
    ]);
    forgetJournals();
    return c.json({ journal: await oneSummary(c, id) });
  })
  .delete(at(platformApi.deleteHost), async (c) => {
    const id = idParam(c);
    const host = hostParam(c);
    const saas = saasOf(c.var.config.saas);
    await removeHost(
      c.get("db"),
      id,
      host,
      (before) => [audited(c, { action: "host.remove", journalId: id, summary: host, before, after: null })],
      // The custom hostname goes first; when Cloudflare fails the host stays (502 cloudflare_failed).
      async (hostnameId) => {
        if (saas) await deleteHostHostname(c.get("db"), saas, host, hostnameId);
      },
    );
    forgetJournals();
    return c.json({ journal: await oneSummary(c, id) });
  })
  .post(at(platformApi.refreshHost), async (c) => {
    const id = idParam(c);
    const host = hostParam(c);
    const hosts = (await hostsByJournal(c.get("db"), id)).get(id) ?? [];
    if (!hosts.some((h) => h.host === host)) throw new HttpError(404, "not_found");
    const saas = saasOf(c.var.config.saas);
    // Without a SaaS zone there is nothing to ask: the host answers as it is.
    if (saas) await refreshHost(c.get("db"), saas, host);
    forgetJournals();
    return c.json({ journal: await oneSummary(c, id) });
  })
  .post(at(platformApi.refreshMail), async (c) => {
    const id = idParam(c);
    const db = c.get("db");
    const [journal] = await db.select().from(journalsTable).where(eq(journalsTable.id, id)).limit(1);
    if (!journal) throw new HttpError(404, "not_found");
    const domain = await sendingDomainOf(c.var.databaseFor(journal.shard), journal);
    // A failed check is recorded on the domain (its last status kept) and shown: the answer is the journal still.
    if (domain) await checkMailDomain(db, dnsOverHttps({ base: c.var.config.mail.dnsOverHttps }), domain);
    return c.json({ journal: await oneSummary(c, id) });
  })
  .use("/:id/staff/*", useJournalDatabase, runAfterCommit)
  .use("/:id/transfer/*", useJournalDatabase)
  .route("/:id/staff", staffPlatformRoutes)
  .route("/:id/transfer", transferPlatformRoutes);

async function setStatus(c: Ctx, status: "active" | "suspended") {
  const id = idParam(c);
  const before = await journalById(c.get("db"), id);
  await updateJournal(c.get("db"), id, { status }, [
    audited(c, {
      action: status === "suspended" ? "journal.suspend" : "journal.resume",
      journalId: id,
      summary: before.websitename,
      before: { status: before.status },
      after: { status },
    }),
  ]);
  forgetJournals();
  return c.json({ journal: await oneSummary(c, id) });
}
