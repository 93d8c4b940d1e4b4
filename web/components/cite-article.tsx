// "How to cite this article": the citation in APA, Vancouver, Harvard or IEEE (rendered on the server from CSL
// styles by citation-js), a copy button, the DOI, and the RIS / BibTeX downloads for reference managers.
import { useState } from "react";
import type { ArticleCitations, ArticleDetail } from "#contract/api";
import { CitationText } from "./citation-text";
import { useHydrated } from "../lib/use-hydrated";

const STYLES: { key: keyof ArticleCitations; label: string }[] = [
  { key: "apa", label: "APA" },
  { key: "vancouver", label: "Vancouver" },
  { key: "harvard", label: "Harvard" },
  { key: "ieee", label: "IEEE" },
];

export function CiteArticle({ article, fallback }: { article: ArticleDetail; fallback: string }) {
  const [style, setStyle] = useState<keyof ArticleCitations>("apa");
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  const citations = article.citations;
  const text = citations?.[style] || fallback;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  // Native radio buttons (issue #27 items 10, 14): arrow keys move the choice, and without JavaScript the
  // browser checks them itself and site.css shows the checked style's text (then all four are in the page).
  return (
    <section className="cite-box" aria-labelledby="cite-title">
      <h2 id="cite-title">How to cite this article</h2>
      {citations && (
        <fieldset className="cite-box__styles">
          <legend className="visually-hidden">Citation style</legend>
          {STYLES.map((s) => (
            <span key={s.key} className="cite-box__style">
              <input
                type="radio"
                id={`cite-style-${s.key}`}
                name="cite-style"
                value={s.key}
                checked={style === s.key}
                onChange={() => setStyle(s.key)}
              />
              <label htmlFor={`cite-style-${s.key}`}>{s.label}</label>
            </span>
          ))}
        </fieldset>
      )}
      <div className="cite-box__texts" aria-live="polite">
        <p className="cite-box__text" data-style={style}>
          <CitationText text={text} titleHtml={article.title} />
        </p>
        {/* Until scripts run (and without them) the other styles wait in the page for their radio (site.css). */}
        {citations &&
          !hydrated &&
          STYLES.filter((s) => s.key !== "apa").map((s) => (
            <p key={s.key} className="cite-box__alt" data-style={s.key}>
              <CitationText text={citations[s.key] || fallback} titleHtml={article.title} />
            </p>
          ))}
      </div>
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
        {article.xml_url && (
          <a className="button button--ghost" href={article.xml_url} type="application/xml">
            JATS XML
          </a>
        )}
        {/* Only a DOI Crossref registered is a link (issue 40 item 5); before that it is named as text. */}
        {article.doi &&
          (article.doi_registered ? (
            <a className="cite-box__doi" href={`https://doi.org/${article.doi}`}>
              https://doi.org/{article.doi}
            </a>
          ) : (
            <span className="cite-box__doi">DOI: {article.doi}</span>
          ))}
      </p>
    </section>
  );
}
