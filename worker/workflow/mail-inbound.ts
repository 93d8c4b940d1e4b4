// Replies come back (issue 36 item 5): Email Routing delivers mail for replies+<token>@<journal's mail domain> to the
// Worker's email() handler. The token in the recipient (the envelope's, else the To: header's) names the manuscript;
// the reply joins its discussion. A message that names nothing, or cannot be filed, is kept in the unmatched list,
// never dropped (issue 46, docs/decisions/0303):
// - the manuscript's journal is filed where the platform database says it lives now (journals.shard), never in a
//   stale copy a move left behind (whose freeze trigger would refuse the row);
// - the recipient's domain must be one the journal sends from, so a token sent to another journal's domain does not
//   land in the token's journal;
// - the envelope's sender is kept beside the From: header, and the discussion marks a reply whose header names
//   another address;
// - each person has their own reply address (the author's, each reviewer's; migrations/0286): the reply is filed as
//   theirs by the address it came to, whoever its From: names.
import { drizzleOf, bindingOf, forgetShard, journalDatabase, platformDatabase, shardNames } from "../core/data/shards";
import { isJournalMoving, retryWhileMoving } from "../core/data/journal-moving";
import type { Db } from "../core/env";
import { nowIso } from "../core/data/db";
import { findReplyAddress, type ReplyAddressOwner } from "./manuscripts.repo";
import {
  deleteInbound,
  heldForJournalDatabases,
  insertInbound,
  journalOfMailDomain,
  replyDomainsOf,
  type NewInbound,
} from "./mail-inbound.repo";
import { journalOf, senderOf } from "./mail-outbox.repo";
import { parseMail } from "./mime-text";

/** Largest message read (Email Routing allows 25 MiB; the text of a reply is far smaller). */
const MAX_RAW_BYTES = 5 * 1024 * 1024;
const MAX_TEXT = 50_000;

const tokenIn = (address: string) => /^replies\+([0-9a-f]{24})@/i.exec(address.trim())?.[1]?.toLowerCase() ?? null;
const domainOf = (address: string) => address.trim().toLowerCase().split("@")[1] ?? "";

export interface InboundResult {
  manuscriptId: number | null;
  id: number;
}

type Env_ = Pick<Env, "DB"> & Partial<Pick<Env, "PLATFORM_MAIL_FROM">>;

/**
 * The manuscript a token names, read in the database the platform says its journal lives in now; undefined when no
 * journal holds it there. Every database is asked which journal holds the token (the token names no journal,
 * docs/decisions/0240); a copy in any other database (a move's source or target) is not the journal.
 */
async function manuscriptOfToken(
  env: Env_,
  token: string,
): Promise<{ journalId: number; db: Db; id: number; person: ReplyAddressOwner["person"]; assignmentId: number | null } | undefined> {
  const journalIds = new Set<number>();
  for (const shard of shardNames(env)) {
    const owner = await findReplyAddress(drizzleOf(bindingOf(env, shard)), token);
    if (owner) journalIds.add(owner.m.journalId);
  }
  for (const journalId of journalIds) {
    forgetShard(journalId);
    const db = await journalDatabase(env, journalId).catch(() => undefined);
    const owner = db && (await findReplyAddress(db, token));
    if (db && owner && owner.m.journalId === journalId)
      return { journalId, db, id: owner.m.id, person: owner.person, assignmentId: owner.assignmentId };
  }
  return undefined;
}

/**
 * Is `domain` one the journal's replies may come to: its sender's now, any Reply-To given for this manuscript, or the
 * platform's mail domain (a journal whose own domain is not set up yet sends from it, docs/decisions/0395; the
 * token, not the domain, names the manuscript there)?
 */
async function journalReceivesAt(env: Env_, db: Db, journalId: number, manuscriptId: number, domain: string): Promise<boolean> {
  if (domain && domain === domainOf(env.PLATFORM_MAIL_FROM ?? "")) return true;
  const journal = await journalOf(platformDatabase(env), journalId);
  if (!journal) return false;
  const domains = new Set([domainOf((await senderOf(db, journal)).address), ...(await replyDomainsOf(db, manuscriptId))]);
  return domains.has(domain);
}

/** Writes the row in its journal's database as it is now, waiting out a move's few frozen seconds. */
const fileIn = (env: Env_, journalId: number, row: NewInbound) =>
  retryWhileMoving(journalId, async () => insertInbound(await journalDatabase(env, journalId), row));

/**
 * Files a message in a journal's database: with its manuscript when the token names one whose journal receives at
 * the recipient's domain, else in the unmatched list of the journal whose host is the recipient's domain. Answers
 * the stored row, or `held` (the journal it belongs to, or null) when no journal's database took it.
 */
async function fileMessage(env: Env_, base: NewInbound, recipient: string): Promise<InboundResult | { held: number | null }> {
  const token = tokenIn(recipient);
  const target = token ? await manuscriptOfToken(env, token) : undefined;
  if (target && (await journalReceivesAt(env, target.db, target.journalId, target.id, domainOf(recipient)))) {
    try {
      // Matched to the person whose own address it came to, as well as to the manuscript (issue 48 item 6).
      return await fileIn(env, target.journalId, {
        ...base,
        journalId: target.journalId,
        manuscriptId: target.id,
        replyPerson: target.person,
        assignmentId: target.assignmentId,
      });
    } catch (err) {
      // Still refused (a move stalled between its freeze and its switch): held for the daily run, never lost.
      console.error("reply not filed with its manuscript; held", target.journalId, String(err));
      return { held: target.journalId };
    }
  }
  const journalId = await journalOfMailDomain(platformDatabase(env), domainOf(recipient));
  if (journalId === null) return { held: null };
  try {
    return await fileIn(env, journalId, { ...base, journalId });
  } catch (err) {
    if (!isJournalMoving(err)) throw err;
    console.error("unmatched reply not filed; held", journalId, String(err));
    return { held: journalId };
  }
}

export async function receiveMail(raw: Uint8Array, envelope: { from: string; to: string }, env: Env_): Promise<InboundResult> {
  const mail = await parseMail(raw.subarray(0, MAX_RAW_BYTES));
  // The address that names the token (the envelope's, else the To: header's); else the envelope's.
  const recipient = [envelope.to, ...mail.to].find((a) => tokenIn(a)) ?? envelope.to;
  const envelopeFrom = envelope.from.trim().toLowerCase();
  const base: NewInbound = {
    journalId: null,
    manuscriptId: null,
    fromAddress: mail.from.address || envelopeFrom,
    fromName: mail.from.name,
    envelopeFrom,
    toAddress: recipient.trim(),
    subject: mail.subject.slice(0, 500),
    text: mail.text.slice(0, MAX_TEXT),
    receivedAt: nowIso(),
  };
  const filed = await fileMessage(env, base, recipient);
  if ("id" in filed) return filed;
  // In the platform database: the messages of no journal, and those held for a journal (filed by the daily run).
  return insertInbound(platformDatabase(env), { ...base, journalId: filed.held });
}

/**
 * The daily run files the messages held in the platform database for journals that live in a journal database (a
 * reply that met a move frozen for longer than the handler could wait). Answers how many were filed.
 */
export async function fileHeldMail(env: Env_): Promise<number> {
  const platform = platformDatabase(env);
  let filed = 0;
  for (const row of await heldForJournalDatabases(platform)) {
    const { id, ...base } = row;
    const got = await fileMessage(env, { ...base, journalId: null, manuscriptId: null }, row.toAddress);
    if (!("id" in got)) continue;
    await deleteInbound(platform, id);
    filed++;
  }
  return filed;
}

/** The Worker's email() handler. */
export const email: EmailExportedHandler<Env> = async (message, env) => {
  const raw = new Uint8Array(await new Response(message.raw).arrayBuffer());
  const got = await receiveMail(raw, { from: message.from, to: message.to }, env);
  console.log("mail received", JSON.stringify({ manuscript: got.manuscriptId, id: got.id }));
};
