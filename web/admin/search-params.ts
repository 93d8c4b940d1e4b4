// A list page's filters live in its address (?q=&stage=…), so a reload or a shared link shows the same list.

/** `params` with `change` applied: a value sets its key, "" removes it; the others are kept. */
export function withChanges(params: URLSearchParams, change: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(change)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}
