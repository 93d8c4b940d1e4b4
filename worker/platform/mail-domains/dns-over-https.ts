// DNS over HTTPS through Cloudflare's JSON API (https://cloudflare-dns.com/dns-query?name=&type=, Accept:
// application/dns-json): { Status, Answer: [{ name, type, TTL, data }] }. Status 0 is NOERROR, 3 NXDOMAIN (the name
// has no records: an answer, not a failure); anything else, an HTTP error or no answer in time is a DohError, so the
// caller keeps what it knew (docs/decisions/0395). The base is configuration (DNS_OVER_HTTPS): tests and `npm start`
// point it at a local stand-in (tests/dns-over-https-standin.ts).
export type DnsType = "TXT" | "MX";

const TYPE_CODES: Record<DnsType, number> = { TXT: 16, MX: 15 };

export class DohError extends Error {}

export interface DnsOverHttps {
  /** The record data of that name and type (TXT strings joined, MX as "priority target"); [] when there are none. */
  lookup(name: string, type: DnsType): Promise<string[]>;
}

interface DohAnswer {
  Status?: number;
  Answer?: { name?: string; type?: number; data?: string }[];
}

/** A TXT record's data as DNS over HTTPS gives it: one or more quoted strings, joined (RFC 7208 3.3). */
export function txtData(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, "$1"));
  return parts.length > 0 ? parts.join("") : data;
}

export function dnsOverHttps(opts: { base: string; timeoutMs?: number; fetch?: typeof fetch }): DnsOverHttps {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const fetcher = opts.fetch ?? fetch;
  return {
    async lookup(name, type) {
      const url = `${opts.base}?name=${encodeURIComponent(name)}&type=${type}`;
      let res: Response;
      try {
        res = await fetcher(url, { headers: { Accept: "application/dns-json" }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const late = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
        throw new DohError(
          late ? `DNS over HTTPS did not answer in time (${timeoutMs / 1000} s) for ${name}` : `DNS over HTTPS unreachable: ${String(err)}`,
        );
      }
      if (!res.ok) throw new DohError(`DNS over HTTPS answered ${res.status} for ${name} ${type}`);
      let body: DohAnswer;
      try {
        body = (await res.json()) as DohAnswer;
      } catch {
        throw new DohError(`DNS over HTTPS gave no JSON for ${name} ${type}`);
      }
      if (body.Status === 3) return [];
      if (body.Status !== 0) throw new DohError(`DNS over HTTPS could not resolve ${name} ${type} (DNS status ${String(body.Status)})`);
      return (body.Answer ?? [])
        .filter((a) => a.type === TYPE_CODES[type] && typeof a.data === "string")
        .map((a) => (type === "TXT" ? txtData(a.data!) : a.data!.trim()));
    },
  };
}
