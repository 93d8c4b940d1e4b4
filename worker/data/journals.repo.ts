// Journals and their host names.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../env";
import { journals, journalDomains, type JournalRow } from "./schema";
import type { Settings } from "../schemas/api";
import { licenseOf } from "../schemas/scholarly";

/** The journal that owns this host name, else the default journal; one query either way. */
export async function findJournalByHost(db: Db, host: string): Promise<JournalRow | undefined> {
  const rows = await db
    .select({ journal: journals })
    .from(journals)
    .leftJoin(journalDomains, and(eq(journalDomains.journalId, journals.id), eq(journalDomains.domain, host)))
    .where(sql`${journalDomains.domain} IS NOT NULL OR ${journals.isDefault} = 1`)
    .orderBy(sql`${journalDomains.domain} IS NULL`, journals.id)
    .limit(1);
  return rows[0]?.journal;
}

/** The Settings fields of SPEC §3, as the API shows them. */
export function settingsOf(j: JournalRow): Settings {
  return {
    websitename: j.websitename,
    websiteemail: j.websiteemail,
    whatsup_number: j.whatsup_number,
    domain: j.domain,
    issn: j.issn,
    home_content: j.home_content,
    address: j.address,
    formatted_journal_name: j.formatted_journal_name,
    fee_rupee: j.fee_rupee,
    fee_dollar: j.fee_dollar,
    impactfactor: j.impactfactor,
    publisher: j.publisher,
    doi_prefix: j.doi_prefix,
    license: licenseOf(j.license).key,
    license_url: licenseOf(j.license).url,
    issn_print: j.issn_print,
    issn_online: j.issn_online,
    language: j.language,
  };
}
