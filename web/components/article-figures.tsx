// "Views" and "Downloads" among an article page's facts, read after the page loads from the public figures call
// (GET /api/stats/articles/{ref}, at most 10 minutes old), so the page itself stays one cached copy for every
// reader. Until they arrive the facts show a dash; if they cannot be read, they are left out.
import { useEffect, useState } from "react";
import type { PublicArticleFigures } from "#contract/stats";
import { apiPath } from "#contract/routes/endpoint";
import { statsApi } from "#contract/routes/statistics";

type State = PublicArticleFigures | "loading" | "failed";

const shown = (n: number) => n.toLocaleString("en");

export function ArticleFigures({ refnumber }: { refnumber: string }) {
  const [figures, setFigures] = useState<State>("loading");
  useEffect(() => {
    const abort = new AbortController();
    setFigures("loading");
    fetch(apiPath(statsApi.article, { refnumber }), { headers: { Accept: "application/json" }, signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`figures: HTTP ${res.status}`);
        setFigures((await res.json()) as PublicArticleFigures);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Loading the article's figures failed", error);
        setFigures("failed");
      });
    return () => abort.abort();
  }, [refnumber]);
  if (figures === "failed") return null;
  const known = figures !== "loading";
  return (
    <>
      <div className="article-view__figure" aria-busy={!known}>
        <dt>Views</dt>
        <dd data-figure="views">{known ? shown(figures.views) : "–"}</dd>
      </div>
      <div className="article-view__figure" aria-busy={!known}>
        <dt>Downloads</dt>
        <dd data-figure="downloads">{known ? shown(figures.downloads) : "–"}</dd>
      </div>
    </>
  );
}
