// The bench's yardstick (scripts/bench/edge-throughput.ts): a Worker that does nothing but answer `?bytes=N` bytes
// from memory, with the headers the bench gave it (`POST /headers` with a JSON list of pairs answers `?h=<id>`:
// the same headers as the answer it stands beside), next to the same asset store. What it reaches against a
// /static/ file of the same size is the most any Worker can reach on this local server: the cost of running a
// Worker at all, with no work in it.
const bodies = new Map<number, string>();
const headerSets: [string, string][][] = [];

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/headers") {
      headerSets.push((await request.json()) as [string, string][]);
      return new Response(String(headerSets.length - 1));
    }
    const bytes = Math.min(Math.max(Number(url.searchParams.get("bytes")) || 0, 0), 1 << 20);
    let body = bodies.get(bytes);
    if (body === undefined) bodies.set(bytes, (body = "x".repeat(bytes)));
    const set = url.searchParams.get("h");
    const headers = (set !== null && headerSets[Number(set)]) || [["content-type", "text/plain; charset=utf-8"]];
    return new Response(body, { headers });
  },
};
