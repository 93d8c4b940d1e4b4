// The article's full text on its page (issue 51 item 3): a table of contents, the text (sections, figures, tables
// that scroll sideways on a phone, equations in MathML, footnotes linked both ways), rendered in the Worker's first
// HTML like the rest of the page. The text is the sanitized HTML staff published (contract/fulltext-html.ts).
import { fulltextHeadings } from "#contract/fulltext-html";
import { readerFulltextHtml } from "#contract/fulltext-reader";
import { useT } from "../../lib/i18n";

export function ArticleFulltext({ html }: { html: string }) {
  const t = useT();
  const headings = fulltextHeadings(html).filter((h) => h.level === 2);
  const body = readerFulltextHtml(html, { notes: t("article.fulltext.notes"), backToText: t("article.fulltext.backToText") });
  return (
    <section className="article-view__section fulltext" aria-labelledby="fulltext-title">
      <h2 id="fulltext-title" className="fulltext__title">
        {t("article.fulltext.title")}
      </h2>
      {headings.length > 1 && (
        <nav className="fulltext__toc" aria-labelledby="fulltext-toc-title">
          <h3 id="fulltext-toc-title">{t("article.fulltext.contents")}</h3>
          <ol>
            {headings.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
            <li>
              <a href="#references-title">{t("article.fulltext.references")}</a>
            </li>
          </ol>
        </nav>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on every write (contract/fulltext-html.ts) */}
      <div className="fulltext__body prose" dangerouslySetInnerHTML={{ __html: body }} />
    </section>
  );
}
