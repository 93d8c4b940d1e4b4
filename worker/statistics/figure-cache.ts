// Public figures are read from D1 at most once per article, edge location and FIGURES_MAX_AGE_S: the answer is
// kept in the Cache API (outside the content-versioned edge cache, whose copies live until an admin write) and
// browsers are told to keep it only for what is left of those 10 minutes, so a reader never sees figures older
// than that (plus the counter's flush interval).
export const FIGURES_MAX_AGE_S = 600;

const STORED_AT = "X-Figures-Stored-At";

/** Serves `key` from the Cache API when younger than FIGURES_MAX_AGE_S, else makes the answer and keeps it. */
export async function cachedFigures(
  key: string,
  ctx: { waitUntil(p: Promise<unknown>): void },
  make: () => Promise<Response>,
  now = Date.now(),
): Promise<Response> {
  const cache = caches.default;
  const request = new Request(key);
  const hit = await cache.match(request).catch(() => undefined);
  const storedAt = Number(hit?.headers.get(STORED_AT));
  if (hit && storedAt > 0) return forReaders(hit, Math.max(0, FIGURES_MAX_AGE_S - Math.floor((now - storedAt) / 1000)));
  const made = await make();
  if (made.status !== 200) return made;
  const body = await made.arrayBuffer();
  const stored = new Response(body, made);
  stored.headers.set(STORED_AT, String(now));
  stored.headers.set("Cache-Control", `public, max-age=${FIGURES_MAX_AGE_S}`);
  ctx.waitUntil(cache.put(request, stored).catch(() => {}));
  return forReaders(new Response(body, made), FIGURES_MAX_AGE_S);
}

function forReaders(res: Response, maxAge: number): Response {
  const out = new Response(res.body, res);
  out.headers.delete(STORED_AT);
  // "private": the content-versioned edge cache (worker/core/edge/edge-cache.ts) must not keep figures until the next
  // admin write; this module keeps them at the edge, 10 minutes at most.
  out.headers.set("Cache-Control", `private, max-age=${maxAge}`);
  return out;
}
