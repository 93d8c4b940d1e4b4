// Crossref's reference matching (issue 51 item 4): a reference's text sent as `query.bibliographic` to the REST API's
// /works route, which answers its best matches with a relevance score; the first is taken only above a threshold,
// the way Crossref's own reference matching does it (docs/decisions/0361). The API is https://api.crossref.org in
// production; tests and `npm start` point CROSSREF_MATCHING_API at the local stand-in (tests/crossref-standin.ts).
import { cleanDoi } from "#contract/reference-parse";

export const REAL_MATCHING_API = "https://api.crossref.org";
/** Below this score a match is too uncertain to fill in a DOI (Crossref's matching uses a similar cut-off). */
export const MATCH_MIN_SCORE = 60;

export const matchingApiOf = (env: { CROSSREF_MATCHING_API?: string }) =>
  (env.CROSSREF_MATCHING_API || REAL_MATCHING_API).replace(/\/+$/, "");

interface WorksAnswer {
  message?: { items?: { DOI?: string; score?: number }[] };
}

/** The DOI Crossref matches to a reference's text, or "" when no match is good enough (or Crossref failed). */
export async function matchReferenceDoi(api: string, reference: string, mailto: string): Promise<{ doi: string; error: string }> {
  const q = new URLSearchParams({ "query.bibliographic": reference.slice(0, 1000), rows: "2", select: "DOI,score" });
  if (mailto) q.set("mailto", mailto);
  let res: Response;
  try {
    res = await fetch(`${api}/works?${q}`, { headers: { Accept: "application/json" } });
  } catch (err) {
    return { doi: "", error: `Crossref could not be reached: ${String((err as Error).message ?? err)}` };
  }
  if (!res.ok) return { doi: "", error: `Crossref answered HTTP ${res.status}` };
  const body = (await res.json().catch(() => ({}))) as WorksAnswer;
  const best = body.message?.items?.[0];
  if (!best?.DOI || (best.score ?? 0) < MATCH_MIN_SCORE) return { doi: "", error: "" };
  return { doi: cleanDoi(best.DOI), error: "" };
}
