// A journal's sending domain as the console shows it (docs/decisions/0395): the records Email Service needs with what
// the last check found, and how the journal's mail goes out now.
import type { MailDnsRecord, MailDomainAnswer } from "#contract/platform";
import type { Db } from "../../core/env";
import type { JournalRow } from "../../core/data/schema";
import { senderOf } from "../../workflow/mail-outbox.repo";
import { domainOfAddress, sendAsFor } from "../../workflow/mail-sender";
import { uncheckedRecords } from "./mail-dns-records";
import { mailDomainOf } from "./mail-domains.repo";

/** The journal's sending domain (its sender address's), or "" when it has no usable address. */
export async function sendingDomainOf(journalDb: Db, journal: JournalRow): Promise<string> {
  return domainOfAddress((await senderOf(journalDb, journal)).address);
}

function storedRecords(json: string, domain: string): MailDnsRecord[] {
  try {
    const records = JSON.parse(json) as MailDnsRecord[];
    return Array.isArray(records) && records.length > 0 ? records : uncheckedRecords(domain);
  } catch {
    return uncheckedRecords(domain);
  }
}

export async function mailAnswerOf(
  platformDb: Db,
  journalDb: Db,
  journal: JournalRow,
  platformFrom: string,
): Promise<MailDomainAnswer | undefined> {
  const sender = await senderOf(journalDb, journal);
  const domain = domainOfAddress(sender.address);
  if (!domain) return undefined;
  const row = await mailDomainOf(platformDb, domain);
  const as = sendAsFor({ fromName: sender.name, fromAddress: sender.address, replyTo: "" }, row?.status, platformFrom);
  return {
    domain,
    status: row?.status ?? "unchecked",
    records: row ? storedRecords(row.records, domain) : uncheckedRecords(domain),
    sendsAs: { fromName: as.fromName, fromAddress: as.fromAddress, replyTo: as.replyTo || null },
    checkedAt: row?.checkedAt ?? null,
    lastError: row?.checkError ?? null,
  };
}
