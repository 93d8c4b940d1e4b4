// The payment stand-ins (tests/payment-standins.ts) as two local HTTP servers, for `npm start` and the browser tests:
// Razorpay's API and Hosted Checkout on one port, Stripe's API and Checkout pages on another (the stripe package
// takes a host and port, not a path). Webhooks go to each account's webhook URL on the local Worker, with the
// journal's host in the Host header (Node's fetch drops a Host header, so http.request).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PaymentStandIns, STANDIN_ACCOUNTS, type WebhookDelivery } from "./payment-standins";

export interface RunningStandIns {
  razorpayApi: string;
  stripeApi: string;
  standIns: PaymentStandIns;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/** Sends a webhook to the Worker on 127.0.0.1:workerPort as the journal's host; answers the HTTP status. */
function deliverTo(workerPort: number) {
  return (d: WebhookDelivery) =>
    new Promise<number>((resolve) => {
      const url = new URL(d.url);
      const req = http.request(
        {
          host: "127.0.0.1",
          port: workerPort,
          path: url.pathname,
          method: "POST",
          headers: { ...d.headers, Host: url.host, "Content-Length": Buffer.byteLength(d.body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", () => resolve(0));
      req.end(d.body);
    });
}

/**
 * Starts both stand-ins on free loopback ports (or the ones given). `journalHosts[i]` is the host of the journal
 * that holds the stand-ins' account i (its webhooks go there).
 */
export async function startPaymentStandIns(opts: {
  workerPort: number;
  journalHosts: string[];
  razorpayPort?: number;
  stripePort?: number;
}): Promise<RunningStandIns> {
  const rzServer = http.createServer();
  const stServer = http.createServer();
  const rzPort = await listen(rzServer, opts.razorpayPort ?? 0);
  const stPort = await listen(stServer, opts.stripePort ?? 0);
  const origins = { razorpay: `http://127.0.0.1:${rzPort}`, stripe: `http://127.0.0.1:${stPort}` };
  const hook = (i: number, gateway: string) =>
    opts.journalHosts[i] ? `http://${opts.journalHosts[i]}/api/payments/webhooks/${gateway}` : undefined;
  const standIns = new PaymentStandIns(
    origins,
    {
      razorpay: STANDIN_ACCOUNTS.razorpay.map((a, i) => ({ ...a, webhookUrl: hook(i, "razorpay") })),
      stripe: STANDIN_ACCOUNTS.stripe.map((a, i) => ({ ...a, webhookUrl: hook(i, "stripe") })),
    },
    deliverTo(opts.workerPort),
  );
  const handler = (origin: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
        const answer = await standIns.handle(new Request(`${origin}${req.url}`, { method: req.method, headers, body }));
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          out[k] = v;
        });
        res.writeHead(answer.status, out);
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch (err) {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(err));
      }
    });
  };
  rzServer.on("request", handler(origins.razorpay));
  stServer.on("request", handler(origins.stripe));
  return {
    razorpayApi: origins.razorpay,
    stripeApi: origins.stripe,
    standIns,
    close: () => Promise.all([new Promise((r) => rzServer.close(r)), new Promise((r) => stServer.close(r))]).then(() => undefined),
  };
}
