// Replies come back (issue 36 item 5): Email Routing delivers mail for replies+<token>@<journal's mail domain> to the
// Worker's email() handler. The token in the recipient (the envelope's, else the To: header's) names the manuscript;
// the reply joins its discussion. A message that names nothing is kept in the unmatched list, never dropped.
import { bindingOf, drizzleOf, journalDatabase, platformDatabase, shardNames } from "../core/data/shards";
import { eq } from "drizzle-orm";
import { journalDomains } from "../core/data/schema";
import { storeInbound } from "./mail-inbound.repo";
import { nowIso } from "../core/data/db";
import { findManuscriptByReplyToken } from "./manuscripts.repo";
import { parseMail } from "./mime-text";

/** Largest message read (Email Routing allows 25 MiB; the text of a reply is far smaller). */
const MAX_RAW_BYTES = 5 * 1024 * 1024;
const MAX_TEXT = 50_000;

const tokenIn = (address: string) => /^replies\+([0-9a-f]{24})@/i.exec(address.trim())?.[1]?.toLowerCase() ?? null;

export interface InboundResult {
  manuscriptId: number | null;
  id: number;
}

export async function receiveMail(raw: Uint8Array, envelope: { from: string; to: string }, env: Pick<Env, "DB">): Promise<InboundResult> {
  const platform = platformDatabase(env);
  const mail = await parseMail(raw.subarray(0, MAX_RAW_BYTES));
  const token = tokenIn(envelope.to) ?? mail.to.map(tokenIn).find(Boolean) ?? null;
  // The token names no journal: every database holding journals is asked (docs/decisions/0240).
  let manuscript: Awaited<ReturnType<typeof findManuscriptByReplyToken>>;
  let db = platform;
  for (const shard of token ? shardNames(env) : []) {
    const candidate = drizzleOf(bindingOf(env, shard));
    manuscript = await findManuscriptByReplyToken(candidate, token!);
    if (manuscript) {
      db = candidate;
      break;
    }
  }
  let journalId = manuscript?.journalId ?? null;
  if (journalId === null) {
    // Unmatched: kept for the journal whose domain received it, when one does (in its database; else the platform's).
    const domain = envelope.to.split("@")[1]?.toLowerCase() ?? "";
    const [d] = domain ? await platform.select().from(journalDomains).where(eq(journalDomains.domain, domain)).limit(1) : [];
    journalId = d?.journalId ?? null;
    if (journalId !== null) db = await journalDatabase(env, journalId);
  }
  const row = await storeInbound(db, {
    journalId,
    manuscriptId: manuscript?.id ?? null,
    fromAddress: mail.from.address || envelope.from.toLowerCase(),
    fromName: mail.from.name,
    toAddress: envelope.to,
    subject: mail.subject.slice(0, 500),
    text: mail.text.slice(0, MAX_TEXT),
    receivedAt: nowIso(),
  });
  return { manuscriptId: row.manuscriptId, id: row.id };
}

/** The Worker's email() handler. */
export const email: EmailExportedHandler<Env> = async (message, env) => {
  const raw = new Uint8Array(await new Response(message.raw).arrayBuffer());
  const got = await receiveMail(raw, { from: message.from, to: message.to }, env);
  console.log("mail received", JSON.stringify({ manuscript: got.manuscriptId, id: got.id }));
};
