// The Queue consumer that sends the outbox (docs/decisions/0191). Each Queue message names an outbox row; the row is
// claimed, sent with Cloudflare Email Service (the send_email binding) and marked sent. A send that throws marks the
// row failed with its error and asks the queue to retry with backoff; after the last attempt the row stays failed
// and the admin's outbox offers Resend.
import type { Db } from "../core/env";
import { forgetShard, journalDatabase, platformDatabase } from "../core/data/shards";
import { isJournalMoving, retryWhileMoving } from "../core/data/journal-moving";
import { claimMessage, markFailed, markSent } from "./mail-outbox.repo";
import { startFromSubmission } from "./start-manuscript";
import { headerAddress, headerText } from "./mail-headers";
import { renderAttachments } from "./mail-attachments";
import { sendAsNow } from "./mail-sender";

/** Attempts through the queue before a message is left failed for staff (wrangler.toml max_retries + 1). */
export const MAX_ATTEMPTS = 5;
/** A claim older than this is taken to be a consumer that died mid-send. */
const CLAIM_STALE_MS = 10 * 60 * 1000;

/** An outbox row to send, or a stored submission to make into a manuscript and acknowledge (on the link's origin). */
/** `journalId` names the database the row lives in (docs/decisions/0240); messages written before shards have none
 * and are the platform database's. */
export type MailQueueBody = { outboxId: number; journalId?: number } | { submissionId: number; journalId?: number; origin: string };

export type MailEnv = Pick<Env, "DB" | "EMAIL" | "MAIL_QUEUE" | "JWT_SECRET" | "FILES"> & { PLATFORM_MAIL_FROM?: string };

const databaseOfMessage = (env: MailEnv, journalId: unknown) =>
  Number.isInteger(journalId) && Number(journalId) > 0 ? journalDatabase(env, Number(journalId)) : Promise.resolve(platformDatabase(env));

export async function sendOutboxBatch(batch: MessageBatch<MailQueueBody>, env: MailEnv): Promise<void> {
  for (const msg of batch.messages) {
    if (msg.body && "submissionId" in msg.body) {
      try {
        await startFromSubmission(
          env,
          await databaseOfMessage(env, msg.body.journalId),
          Number(msg.body.submissionId),
          String(msg.body.origin),
        );
        msg.ack();
      } catch (err) {
        console.error("manuscript not started yet", msg.body.submissionId, String(err));
        msg.retry({ delaySeconds: 30 });
      }
      continue;
    }
    const id = Number(msg.body?.outboxId);
    if (!Number.isInteger(id) || id <= 0) {
      msg.ack();
      continue;
    }
    let db: Db;
    try {
      db = await databaseOfMessage(env, msg.body.journalId);
    } catch {
      // The journal is gone (deleted with its outbox): nothing to send.
      msg.ack();
      continue;
    }
    let row: Awaited<ReturnType<typeof claimMessage>>;
    try {
      row = await claimMessage(db, id, new Date(Date.now() - CLAIM_STALE_MS).toISOString());
    } catch (err) {
      // The journal is moving databases (docs/decisions/0280): nothing was claimed; try again once it has.
      if (!isJournalMoving(err)) throw err;
      forgetShard(Number(msg.body.journalId) || undefined);
      msg.retry({ delaySeconds: 5 });
      continue;
    }
    // Already sent, being sent, or gone: nothing to do (a duplicate delivery or a Resend that raced a retry).
    if (!row) {
      msg.ack();
      continue;
    }
    try {
      // The row's headers collapsed to one line again: a row written before (or around) queueMail's check is sent
      // safe all the same (docs/decisions/0300).
      const toName = headerText(row.toName);
      const toAddress = headerAddress(row.toAddress);
      // The invoice or receipt PDF (issue 49 item 2), rendered now from the stored rows.
      const attachments = await renderAttachments(env, db, row.journalId, row.attachments);
      // From the journal's own address once its domain has Email Service's records, else from the platform's with
      // the journal's name and the reply token on the platform's domain (docs/decisions/0395).
      const as = await sendAsNow(platformDatabase(env), row, (env.PLATFORM_MAIL_FROM ?? "").trim());
      const result = await env.EMAIL.send({
        from: { name: headerText(as.fromName), email: headerAddress(as.fromAddress) },
        to: toName ? { name: toName, email: toAddress } : toAddress,
        subject: headerText(row.subject),
        text: row.text,
        ...(as.replyTo ? { replyTo: headerAddress(as.replyTo) } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      // Sent: the row must say so even if the journal is moving right now (else the message would go twice).
      await retryWhileMoving(msg.body.journalId, async () =>
        markSent(await databaseOfMessage(env, msg.body.journalId), id, result?.messageId ?? ""),
      );
      msg.ack();
    } catch (err) {
      await markFailed(db, id, err instanceof Error ? err.message : String(err));
      if (row.attempts < MAX_ATTEMPTS) msg.retry({ delaySeconds: Math.min(30 * 2 ** (row.attempts - 1), 3600) });
      else msg.ack();
    }
  }
}
