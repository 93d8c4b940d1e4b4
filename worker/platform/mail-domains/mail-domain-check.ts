// Checks a sending domain's Email Service records through DNS over HTTPS (docs/decisions/0395): on the console's
// Refresh and on the hourly Cron Trigger. A lookup that fails or times out fails the whole check, and the domain keeps
// its last status and records with the failure beside them: a domain is never marked unverified (or verified) by an
// outage.
import type { Db } from "../../core/env";
import { platformDatabase } from "../../core/data/shards";
import { DohError, dnsOverHttps, type DnsOverHttps } from "./dns-over-https";
import { allPresent, judgeRecords, questionsFor } from "./mail-dns-records";
import { mailDomainsToCheck, recordMailCheck } from "./mail-domains.repo";

/** The DNS over HTTPS endpoint of a deployment (DNS_OVER_HTTPS; Cloudflare's unless configured). */
export const CLOUDFLARE_DOH = "https://cloudflare-dns.com/dns-query";
export const dohOf = (env: { DNS_OVER_HTTPS?: string }, fetcher?: typeof fetch): DnsOverHttps =>
  dnsOverHttps({ base: env.DNS_OVER_HTTPS || CLOUDFLARE_DOH, fetch: fetcher });

/** Checks one domain now and records the outcome; answers whether the check itself went through. */
export async function checkMailDomain(db: Db, doh: DnsOverHttps, domain: string): Promise<boolean> {
  const answers = new Map<string, string[]>();
  try {
    await Promise.all(
      questionsFor(domain).map(async (q) => {
        answers.set(`${q.type} ${q.name}`, await doh.lookup(q.name, q.type));
      }),
    );
  } catch (err) {
    await recordMailCheck(db, domain, { error: err instanceof DohError ? err.message : `DNS over HTTPS failed: ${String(err)}` });
    return false;
  }
  const records = judgeRecords(domain, answers);
  await recordMailCheck(db, domain, { records, verified: allPresent(records) });
  return true;
}

/** The Cron Trigger's pass: a bounded number of domains a run; one domain's failure never stops the others. */
export async function checkMailDomainsOnSchedule(env: Pick<Env, "DB" | "DNS_OVER_HTTPS">, limit = 25): Promise<number> {
  const db = platformDatabase(env);
  const doh = dohOf(env);
  const domains = await mailDomainsToCheck(db, limit);
  for (const domain of domains) await checkMailDomain(db, doh, domain);
  return domains.length;
}
