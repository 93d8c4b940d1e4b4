// POST /api/submissions: the public Submit Online form. The PDF goes to R2, the record to D1, and the visitor
// gets a reference. Throttled per IP address; the file is judged by its first bytes, never by its name.
// Idempotent (docs/decisions/0140): the form sends the key it made when it rendered (Idempotency-Key); a repeat of a
// stored key (a double click racing, a retry after a lost answer) stores nothing, counts nothing and answers the
// first submission's reference.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../core/env";
import type { SubmissionRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { sniffContentType } from "../core/files/content-types";
import { fileKeys, versionedName } from "../core/files/keys";
import { sha256Hex } from "../core/files/sha256";
import { commitWithObject, putNewObject } from "../core/files/commit-with-object";
import {
  countSubmissionsFromIpSince,
  findSubmissionByKey,
  findSubmissionByReference,
  insertSubmissionWithinLimit,
} from "./submissions.repo";
import { clientIpOf, throttleKeyOfIp } from "../auth/client-ip";
import { limitSubmissionBody } from "../core/middleware/body-size";
import type { MailQueueBody } from "./mail-queue";
import { isUniqueViolation, nowIso } from "../core/data/db";
import { PDF_MAX_BYTES } from "#contract/constants";
import {
  SUBMISSION_KEY_HEADER,
  SUBMISSION_WINDOW_MS,
  SUBMISSIONS_PER_WINDOW,
  submissionKeySchema,
  type SubmissionCreated,
} from "#contract/submission";
import { mountedAt } from "../core/routing/declared";
import { workflowApi } from "#contract/routes/workflow";
import { detailColumns, sourceFileOf, submissionFormOf } from "./submission-details";
import { submittedLanguage } from "./manuscript-language";
import { DOCX_CONTENT_TYPE } from "../core/files/content-types";

const at = mountedAt("/api/submissions");

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // no 0/O, 1/I: readable over the phone

/** "SUB-20261121-7KQ2XD": the day it arrived plus six random characters. */
export function newReference(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const tail = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("");
  return `SUB-${day}-${tail}`;
}

/**
 * A cross-site page must not post into a journal's inbox; requests without Origin (curl, old browsers) pass.
 * "null" is an opaque origin (a sandboxed frame, a data: page): never the journal's own form, so refused.
 */
function checkOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header("origin");
  if (origin === undefined || origin === "") return;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    throw new HttpError(403, "forbidden_origin");
  }
  if (originHost !== new URL(c.req.url).host.toLowerCase()) throw new HttpError(403, "forbidden_origin");
}

const tooManySubmissions = (c: Context<AppEnv>): HttpError => {
  c.header("Retry-After", String(SUBMISSION_WINDOW_MS / 1000));
  return new HttpError(429, "too_many_submissions");
};

/** Submissions are stored and counted by the caller's throttle key: the IP, an IPv6 address by its /64. */
const callerKey = (c: Context<AppEnv>) => throttleKeyOfIp(clientIpOf(c.req.raw.headers));
const windowStart = () => new Date(Date.now() - SUBMISSION_WINDOW_MS).toISOString();

const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  checkOrigin(c);
  await next();
};

/** The request's idempotency key, or null when it sends none; a malformed one is a 400. */
function submissionKeyOf(c: Context<AppEnv>): string | null {
  const raw = c.req.header(SUBMISSION_KEY_HEADER);
  if (raw === undefined) return null;
  const key = submissionKeySchema.safeParse(raw.trim());
  if (!key.success) throw new HttpError(400, "invalid_idempotency_key");
  return key.data;
}

/**
 * The key of a post that brings none (the form without JavaScript, decision 0178): the caller, the UTC day, the
 * fields and the files' SHA-256. A double-clicked form posts twice with the same content, so the second post finds
 * the first's row (or loses the race on the unique key) and answers its reference. The colon keeps it apart from
 * every key a client can send (submissionKeySchema).
 */
async function contentKeyOf(caller: string, fields: Record<string, unknown>, pdf: Uint8Array, source: Uint8Array | null): Promise<string> {
  const files = [await sha256Hex(pdf), ...(source ? [await sha256Hex(source)] : [])];
  const content = JSON.stringify([caller, nowIso().slice(0, 10), fields, ...files]);
  return `content:${await sha256Hex(new TextEncoder().encode(content))}`;
}

/** The submission already stored under this request's key (a repeat), if any. */
const storedUnderKey = (c: Context<AppEnv>, key: string | null) =>
  key ? findSubmissionByKey(c.get("db"), c.get("journal").id, key) : Promise.resolve(undefined);

/**
 * Every new submission becomes a manuscript (stage Received) and its author gets the acknowledgement with the
 * reference and the tracking link (issue 36). That work goes on the mail queue (worker/workflow/mail-queue.ts), whose
 * consumer retries it: the visitor's submission is stored and answered whatever happens to it, and a message the
 * queue never got is picked up by the daily cron (and the manuscripts list) instead.
 */
async function startManuscript(c: Context<AppEnv>, row: SubmissionRow): Promise<void> {
  try {
    await c
      .get("mailQueue")
      .send({ submissionId: row.id, journalId: row.journalId, origin: new URL(c.req.url).origin } satisfies MailQueueBody);
  } catch (err) {
    console.error("manuscript not queued for submission", row.id, String(err));
  }
}

/** The answer to a submission, first or repeated: its reference. */
const created = (c: Context<AppEnv>, reference: string) => c.json({ reference } satisfies SubmissionCreated, 201);

/**
 * The cheap refusal before the body is read; the insert re-checks atomically (insertSubmissionWithinLimit). A repeat
 * of a stored submission is not refused: it stores nothing, and its visitor must get their reference.
 */
const underSubmissionLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if ((await countSubmissionsFromIpSince(c.get("db"), c.get("journal").id, callerKey(c), windowStart())) >= SUBMISSIONS_PER_WINDOW) {
    if (!(await storedUnderKey(c, submissionKeyOf(c)))) throw tooManySubmissions(c);
  }
  await next();
};

// The body is counted as it streams in (limitSubmissionBody): a declared or chunked body over 11 MiB is refused
// there, never buffered whole.
export const submissionsRoutes = new Hono<AppEnv>().post(
  at(workflowApi.submit),
  sameOriginOnly,
  underSubmissionLimit,
  limitSubmissionBody,
  async (c) => {
    const db = c.get("db");
    const journal = c.get("journal");
    const ip = callerKey(c);
    const sentKey = submissionKeyOf(c);

    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) throw new HttpError(400, "invalid_input");

    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "invalid_input");
    }

    const { fields, details } = await submissionFormOf(db, journal.id, form);
    const language = submittedLanguage(form, journal);

    const file = form.get("pdfFile");
    if (!file || typeof file === "string" || file.size === 0) throw new HttpError(400, "missing_file");
    if (file.size > PDF_MAX_BYTES) throw new HttpError(413, "file_too_large");
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (sniffContentType(bytes.subarray(0, 16)) !== "application/pdf") throw new HttpError(400, "invalid_file_type");

    const source = await sourceFileOf(form);
    const submissionKey = sentKey ?? (await contentKeyOf(ip, { ...fields, ...details }, bytes, source));
    // A repeat (read whole first, as any request: answering before the upload is read resets some clients).
    const earlier = await storedUnderKey(c, submissionKey);
    if (earlier) return created(c, earlier.reference);
    // The reference is unique per journal; a collision (1 in 10^9 per day) just draws again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const reference = newReference();
      // A new object name per attempt, so even a colliding reference never overwrites another submission's file.
      const stored = versionedName(reference, "pdf");
      const key = fileKeys.submission(journal.id, stored);
      const storedSource = source ? versionedName(`${reference}-source`, "docx") : null;
      const sourceKey = storedSource ? fileKeys.submission(journal.id, storedSource) : null;
      // Keep R2 and D1 consistent whatever fails: no stored file without its record (docs/decisions/0091).
      await putNewObject(c.var.files, key, bytes, "application/pdf");
      if (source && sourceKey) {
        try {
          await putNewObject(c.var.files, sourceKey, source, DOCX_CONTENT_TYPE);
        } catch (err) {
          await c.var.files.delete(key);
          throw err;
        }
      }
      const createdAt = nowIso();
      const landed = async () => {
        const found = await findSubmissionByReference(db, journal.id, reference);
        return found?.file === stored ? found : undefined;
      };
      let row: SubmissionRow | null;
      try {
        // Both files go if the row does not land (the Word file's commit inside the PDF's).
        row = await commitWithObject(
          c.var.files,
          key,
          () =>
            commitWithObject(
              c.var.files,
              sourceKey,
              () =>
                insertSubmissionWithinLimit(
                  db,
                  {
                    journalId: journal.id,
                    reference,
                    ...fields,
                    ...detailColumns(details, createdAt),
                    language,
                    file: stored,
                    fileSize: bytes.byteLength,
                    sourceFile: storedSource,
                    sourceFileSize: source?.byteLength ?? 0,
                    ip,
                    createdAt,
                    idempotencyKey: submissionKey,
                  },
                  { sinceIso: windowStart(), max: SUBMISSIONS_PER_WINDOW },
                ),
              landed,
            ),
          landed,
        );
      } catch (err) {
        if (isUniqueViolation(err, "reference")) continue;
        // Its twin (same key) was stored a moment before: this one's file is already gone (commitWithObject).
        const twin = isUniqueViolation(err, "idempotency_key") ? await storedUnderKey(c, submissionKey) : undefined;
        if (twin) return created(c, twin.reference);
        throw err;
      }
      if (!row) {
        // Simultaneous posts took the last places in the window: this one's file goes; it is refused unless its
        // twin (same key) took the place.
        await c.var.files.delete(sourceKey ? [key, sourceKey] : key);
        const twin = await storedUnderKey(c, submissionKey);
        if (twin) return created(c, twin.reference);
        throw tooManySubmissions(c);
      }
      await startManuscript(c, row);
      return created(c, reference);
    }
    throw new HttpError(500, "internal_error");
  },
);
