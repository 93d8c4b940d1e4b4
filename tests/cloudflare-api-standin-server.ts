// The Cloudflare API stand-in (tests/cloudflare-api-standin.ts) and its DNS over HTTPS one as a local HTTP server, for `npm start` and the
// browser tests: custom hostnames that start pending with their DNS records and become active after two reads (the
// console's Refresh, or the Cron Trigger), so the console's host flow can be watched on a laptop.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cloudflareApiStandIn } from "./cloudflare-api-standin";
import { dnsOverHttpsStandIn } from "./dns-over-https-standin";

export interface RunningCloudflareStandIn {
  /** The API base the Worker is pointed at (CLOUDFLARE_API_BASE). */
  apiBase: string;
  /** Its DNS over HTTPS endpoint (DNS_OVER_HTTPS, tests/dns-over-https-standin.ts), served by the same server. */
  dnsOverHttps: string;
  close(): Promise<void>;
}

/** The stand-in's zone and fallback origin for `npm start` (any values do: the stand-in accepts every zone). */
export const LOCAL_SAAS = {
  zoneId: "10ca1000000000000000000000000000",
  fallbackOrigin: "hosts.platform.localhost",
  token: "standin-token",
};

export async function startCloudflareStandIn(port = 0): Promise<RunningCloudflareStandIn> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
        const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body });
        const dns =
          req.url?.startsWith("/dns-query") || req.url?.startsWith("/__standin/dns/") || req.url?.startsWith("/__standin/mail-domain/");
        const answer = await (dns ? dnsOverHttpsStandIn(request) : cloudflareApiStandIn(request));
        res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch (err) {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(err));
      }
    });
  });
  const listening = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
  return {
    apiBase: `http://127.0.0.1:${listening}/client/v4`,
    dnsOverHttps: `http://127.0.0.1:${listening}/dns-query`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
