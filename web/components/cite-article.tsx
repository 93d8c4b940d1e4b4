// "How to cite this article": the citation in APA, Vancouver, Harvard or IEEE (rendered on the server from CSL
// styles by citation-js), a copy button, the DOI, and the RIS / BibTeX downloads for reference managers.
import { useState } from "react";
import type { ArticleCitations, ArticleDetail } from "#contract/api";

const STYLES: { key: keyof ArticleCitations; label: string }[] = [
  { key: "apa", label: "APA" },
  { key: "vancouver", label: "Vancouver" },
  { key: "harvard", label: "Harvard" },
  { key: "ieee", label: "IEEE" },
];

export function CiteArticle({ article, fallback }: { article: ArticleDetail; fallback: string }) {
  const [style, setStyle] = useState<keyof ArticleCitations>("apa");
  const [copied, setCopied] = useState(false);
  const text = article.citations?.[style] || fallback;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="cite-box" aria-labelledby="cite-title">
      <h2 id="cite-title">How to cite this article</h2>
      {article.citations && (
        <div className="cite-box__styles" role="radiogroup" aria-label="Citation style">
          {STYLES.map((s) => (
            <button
              key={s.key}
              type="button"
              role="radio"
              aria-checked={style === s.key}
              className={style === s.key ? "is-active" : undefined}
              onClick={() => setStyle(s.key)}
            >
              {s.label}
            </button>
          ))}
        </div>
      )}
      <p className="cite-box__text" aria-live="polite">
        {text}
      </p>
      <p className="cite-box__actions">
        <button type="button" className="button button--ghost" onClick={copy}>
          {copied ? "Copied" : "Copy citation"}
        </button>
        {article.ris_url && (
          <a className="button button--ghost" href={article.ris_url} download>
            RIS
          </a>
        )}
        {article.bib_url && (
          <a className="button button--ghost" href={article.bib_url} download>
            BibTeX
          </a>
        )}
        {article.doi && (
          <a className="cite-box__doi" href={`https://doi.org/${article.doi}`}>
            https://doi.org/{article.doi}
          </a>
        )}
      </p>
    </section>
  );
}
