// The DNS records Cloudflare Email Service needs to send from a domain, as its documentation lists them
// (developers.cloudflare.com/email-service/configuration/domains/, "Sending records"): three MX records on the
// cf-bounce subdomain for bounces, its SPF record, the DKIM key at cf-bounce._domainkey, and a DMARC policy at _dmarc.
// Each is judged from what DNS answers: present, missing or wrong, with a sentence a journal's owner can act on
// (docs/decisions/0395).
import type { MailDnsRecord } from "#contract/platform";
import type { DnsType } from "./dns-over-https";

export const BOUNCE_MX = ["route1.mx.cloudflare.net", "route2.mx.cloudflare.net", "route3.mx.cloudflare.net"];
export const SPF_INCLUDE = "include:_spf.mx.cloudflare.net";
export const SPF_VALUE = `v=spf1 ${SPF_INCLUDE} ~all`;
export const DMARC_VALUE = "v=DMARC1; p=reject;";

type Expected = Omit<MailDnsRecord, "state" | "found" | "message">;

/** What Email Service needs on `domain`, in the order the console lists them. */
export function expectedRecords(domain: string): Expected[] {
  const bounce = `cf-bounce.${domain}`;
  return [
    ...BOUNCE_MX.map((value) => ({ type: "MX" as const, name: bounce, value, purpose: "bounce" as const })),
    { type: "TXT", name: bounce, value: SPF_VALUE, purpose: "spf" },
    { type: "TXT", name: `cf-bounce._domainkey.${domain}`, value: null, purpose: "dkim" },
    { type: "TXT", name: `_dmarc.${domain}`, value: DMARC_VALUE, purpose: "dmarc" },
  ];
}

/** The records never checked yet. */
export const uncheckedRecords = (domain: string): MailDnsRecord[] =>
  expectedRecords(domain).map((r) => ({ ...r, state: "unchecked", found: null, message: "Not checked yet." }));

/** The DNS questions a check asks (name and type), each once. */
export function questionsFor(domain: string): { name: string; type: DnsType }[] {
  const byKey = new Map(expectedRecords(domain).map((r) => [`${r.type} ${r.name}`, { name: r.name, type: r.type }]));
  return [...byKey.values()];
}

const present = (r: Expected, message: string): MailDnsRecord => ({ ...r, state: "present", found: null, message });
const missing = (r: Expected, message: string): MailDnsRecord => ({ ...r, state: "missing", found: null, message });
const wrong = (r: Expected, found: string, message: string): MailDnsRecord => ({ ...r, state: "wrong", found, message });

const mxTarget = (data: string) => data.trim().split(/\s+/).pop()!.toLowerCase().replace(/\.$/, "");
/** Tags of a DKIM or DMARC record ("v=DKIM1; k=rsa; p=..."), names lower-cased. */
function tags(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) out.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return out;
}

function judge(r: Expected, answers: string[]): MailDnsRecord {
  switch (r.purpose) {
    case "bounce": {
      const targets = answers.map(mxTarget);
      return targets.includes(r.value!)
        ? present(r, `Bounces reach Cloudflare through ${r.value}.`)
        : missing(r, `No MX record of ${r.name} points at ${r.value}: bounced mail would not come back.`);
    }
    case "spf": {
      const spf = answers.filter((a) => /^v=spf1(\s|$)/i.test(a.trim()));
      if (spf.length === 0) return missing(r, `${r.name} has no SPF record: receivers cannot tell Cloudflare may send for the domain.`);
      if (spf.length > 1)
        return wrong(r, spf.join(" | "), `${r.name} has ${spf.length} SPF records; receivers ignore them all. Merge them into one.`);
      if (!spf[0].toLowerCase().split(/\s+/).includes(SPF_INCLUDE))
        return wrong(r, spf[0], `The SPF record of ${r.name} does not include _spf.mx.cloudflare.net.`);
      return present(r, "Cloudflare may send for the domain (SPF).");
    }
    case "dkim": {
      if (answers.length === 0) return missing(r, `No DKIM key at ${r.name}: add the one Cloudflare shows under Email Sending → Settings.`);
      const keyed = answers.find((a) => {
        const t = tags(a);
        return (t.get("v") ?? "DKIM1") === "DKIM1" && (t.get("k") ?? "rsa").toLowerCase() === "rsa" && Boolean(t.get("p"));
      });
      return keyed
        ? present(r, "Messages can be signed (DKIM).")
        : wrong(r, answers.join(" | "), `The record at ${r.name} holds no DKIM public key (p= is empty or the record is not DKIM1).`);
    }
    case "dmarc": {
      const dmarc = answers.filter((a) => /^v=DMARC1\s*(;|$)/i.test(a.trim()));
      if (dmarc.length === 0) return missing(r, `${r.name} has no DMARC policy.`);
      if (dmarc.length > 1) return wrong(r, dmarc.join(" | "), `${r.name} has ${dmarc.length} DMARC records; receivers ignore them all.`);
      const policy = tags(dmarc[0]).get("p")?.toLowerCase();
      return policy === "none" || policy === "quarantine" || policy === "reject"
        ? present(r, `DMARC policy: ${policy}.`)
        : wrong(r, dmarc[0], `The DMARC record of ${r.name} names no policy (p=none, quarantine or reject).`);
    }
  }
}

/** Every record judged from DNS's answers (keyed "TYPE name"). */
export function judgeRecords(domain: string, answers: Map<string, string[]>): MailDnsRecord[] {
  return expectedRecords(domain).map((r) => judge(r, answers.get(`${r.type} ${r.name}`) ?? []));
}

export const allPresent = (records: MailDnsRecord[]) => records.length > 0 && records.every((r) => r.state === "present");
