// Crossref's reference matching (GET /works?query.bibliographic=…) as a local HTTP server, for `npm start` and the
// browser tests (issue 51): api.crossref.org cannot be reached from here. It answers as the workerd tests' stand-in
// does (tests/crossref-standin.ts, worksAnswer): a reference naming a year with more than six words is matched.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { worksAnswer } from "./crossref-standin";

export interface RunningMatchingStandIn {
  /** What CROSSREF_MATCHING_API is set to. */
  api: string;
  close(): Promise<void>;
}

export async function startCrossrefMatchingStandIn(port = 0): Promise<RunningMatchingStandIn> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/works") {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "error", message: "Resource not found." }));
      return;
    }
    void worksAnswer(url)
      .text()
      .then((body) => res.writeHead(200, { "Content-Type": "application/json" }).end(body));
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
  return {
    api: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
