// A local stand-in for Cloudflare's DNS over HTTPS JSON API (https://cloudflare-dns.com/dns-query, issue 52 item 2),
// reached at http://dns.test/dns-query in tests (miniflare's outbound service: tests/workers-runtime.ts) and served by
// `npm start` beside the Cloudflare API stand-in. It answers as the API documents:
//   GET /dns-query?name=&type=TXT|MX (Accept: application/dns-json) -> { Status, TC, RD, RA, AD, CD, Question, Answer }
//   with Status 0 and the records set for that name and type (TXT data quoted, split in 255-byte strings as DNS
//   carries them; MX data "priority target."), or Status 3 (NXDOMAIN) and no Answer for a name with none.
// What tests drive:
//   POST /__standin/dns/{name} { TXT?: string[], MX?: string[], fail?: number, hang?: boolean } sets a name's records,
//   or makes every question about it answer HTTP `fail` (e.g. 500), DNS status 2 (`servfail: true`) or never answer;
//   POST /__standin/mail-domain/{domain} sets every record Cloudflare Email Service needs on the domain.

export const DOH_STANDIN_ORIGIN = "http://dns.test";
/** As long as a 2048-bit RSA key's (392 characters): DNS carries it as two strings, which the reader must join. */
export const STANDIN_DKIM_KEY = `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${"standinkey".repeat(34)}IDAQAB`;

interface NameState {
  TXT?: string[];
  MX?: string[];
  fail?: number;
  hang?: boolean;
  servfail?: boolean;
}

const names = new Map<string, NameState>();
const TYPE_CODES = { TXT: 16, MX: 15 } as const;

/** A TXT string as DNS over HTTPS shows it: quoted, in strings of at most 255 bytes. */
const quoted = (text: string) => (text.match(/.{1,255}/g) ?? [""]).map((part) => `"${part.replace(/(["\\])/g, "\\$1")}"`).join(" ");

export function emailServiceRecords(domain: string): Record<string, NameState> {
  return {
    [`cf-bounce.${domain}`]: {
      MX: ["13 route1.mx.cloudflare.net.", "86 route2.mx.cloudflare.net.", "24 route3.mx.cloudflare.net."],
      TXT: ["v=spf1 include:_spf.mx.cloudflare.net ~all"],
    },
    [`cf-bounce._domainkey.${domain}`]: { TXT: [`v=DKIM1; h=sha256; k=rsa; p=${STANDIN_DKIM_KEY}`] },
    [`_dmarc.${domain}`]: { TXT: ["v=DMARC1; p=reject;"] },
  };
}

const hang = () => new Promise<Response>(() => {});

export async function dnsOverHttpsStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const set = url.pathname.match(/^\/__standin\/dns\/([^/]+)$/);
  if (set && request.method === "POST") {
    const name = decodeURIComponent(set[1]).toLowerCase();
    names.set(name, (await request.json()) as NameState);
    return Response.json({ name });
  }
  const domain = url.pathname.match(/^\/__standin\/mail-domain\/([^/]+)$/);
  if (domain && request.method === "POST") {
    for (const [name, state] of Object.entries(emailServiceRecords(decodeURIComponent(domain[1]).toLowerCase()))) names.set(name, state);
    return Response.json({ domain: domain[1] });
  }
  if (url.pathname !== "/dns-query" || request.method !== "GET") return new Response("Not found", { status: 404 });
  const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
  const type = (url.searchParams.get("type") ?? "A").toUpperCase();
  if (!name) return Response.json({ Status: 1 }, { status: 400 });
  const state = names.get(name);
  if (state?.hang) return hang();
  if (state?.fail) return new Response("stand-in failure", { status: state.fail });
  const question = [{ name, type: TYPE_CODES[type as keyof typeof TYPE_CODES] ?? 1 }];
  const head = { TC: false, RD: true, RA: true, AD: false, CD: false, Question: question };
  if (state?.servfail) return Response.json({ Status: 2, ...head }, { headers: { "Content-Type": "application/dns-json" } });
  const data = type === "TXT" ? (state?.TXT ?? []).map(quoted) : type === "MX" ? (state?.MX ?? []) : [];
  if (!state || (!state.TXT?.length && !state.MX?.length)) {
    return Response.json({ Status: 3, ...head }, { headers: { "Content-Type": "application/dns-json" } });
  }
  return Response.json(
    { Status: 0, ...head, Answer: data.map((d) => ({ name: `${name}.`, type: question[0].type, TTL: 300, data: d })) },
    { headers: { "Content-Type": "application/dns-json" } },
  );
}
