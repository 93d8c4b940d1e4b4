// Who a journal's message goes out as (issue 52 item 2, docs/decisions/0395). A journal sends from its own address
// only once its domain has every DNS record Cloudflare Email Service needs (worker/platform/mail-domains); until then
// Email Service would refuse the address, so the message goes from the platform's address (PLATFORM_MAIL_FROM) with
// the journal's name. Its Reply-To keeps the manuscript's reply token on the platform's domain (which routes to the
// Worker, mail-inbound.ts), so a reply still joins the manuscript's discussion; a message without one gets the
// journal's address: no reply is lost.
import type { Db } from "../core/env";
import { ensureMailDomain, mailDomainOf, type MailDomainRow } from "../platform/mail-domains/mail-domains.repo";

export interface SendAs {
  fromName: string;
  fromAddress: string;
  /** "" for none. */
  replyTo: string;
}

export const domainOfAddress = (address: string) => address.trim().toLowerCase().split("@")[1] ?? "";

/** "replies+<token>@journal.example" -> "replies+<token>@<domain>"; "" for an address that carries no reply token. */
function replyTokenAddressAt(address: string, domain: string): string {
  const local = /^(replies\+[0-9a-f]{24})@/i.exec(address.trim())?.[1];
  return local ? `${local}@${domain}` : "";
}

/** The choice itself: the stored message's sender, or the platform's address on the journal's behalf. */
export function sendAsFor(message: SendAs, domainStatus: MailDomainRow["status"] | undefined, platformFrom: string): SendAs {
  const domain = domainOfAddress(message.fromAddress);
  // No platform sender configured, the platform's own domain, or a domain set up: as written.
  if (!platformFrom || !domain || domain === domainOfAddress(platformFrom) || domainStatus === "verified") return message;
  const replyTo = replyTokenAddressAt(message.replyTo, domainOfAddress(platformFrom)) || message.fromAddress;
  return { fromName: message.fromName, fromAddress: platformFrom, replyTo };
}

/** The choice for a message about to be sent; a domain the platform has never seen is put on its list to check. */
export async function sendAsNow(platformDb: Db, message: SendAs, platformFrom: string): Promise<SendAs> {
  const domain = domainOfAddress(message.fromAddress);
  if (!platformFrom || !domain) return message;
  const row = await mailDomainOf(platformDb, domain);
  if (!row) await ensureMailDomain(platformDb, domain);
  return sendAsFor(message, row?.status, platformFrom);
}
