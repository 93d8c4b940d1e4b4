// The article's own figures on its edit page (GET /api/admin/stats/articles/{id}). A help, not the page: while
// loading, or when it cannot load, the form is unaffected.
import { useEffect, useState } from "react";
import type { ArticleFigures } from "#contract/stats";
import { adminJson, isAbort } from "../admin-api";
import "./stats.css";
import { apiPath } from "#contract/routes/endpoint";
import { statsApi } from "#contract/routes/statistics";

const FIGURES: { key: keyof ArticleFigures; label: string }[] = [
  { key: "views", label: "Views" },
  { key: "downloads", label: "Downloads" },
  { key: "uniqueInvestigations", label: "Unique readers" },
  { key: "uniqueRequests", label: "Unique downloaders" },
  { key: "certificates", label: "Certificates" },
  { key: "coverPages", label: "Cover pages" },
];

export function ArticleUsage({ articleId }: { articleId: number }) {
  const [figures, setFigures] = useState<ArticleFigures | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    adminJson<ArticleFigures>(apiPath(statsApi.adminArticle, { id: articleId }), { signal: abort.signal })
      .then(setFigures)
      .catch((error: unknown) => {
        if (!isAbort(error)) {
          console.error("Loading the article's figures failed", error);
          setFailed(true);
        }
      });
    return () => abort.abort();
  }, [articleId]);
  return (
    <section className="usage usage--article" aria-labelledby="article-usage-title">
      <h2 id="article-usage-title" className="usage__title">
        Usage of this article
      </h2>
      {failed ? (
        <p className="usage__error">The figures could not be loaded.</p>
      ) : (
        <dl className="usage__figures" aria-busy={!figures}>
          {FIGURES.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd>{figures ? figures[f.key].toLocaleString("en") : "…"}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
