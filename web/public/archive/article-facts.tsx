// What readers and crawlers see on an article page beyond its abstract (issue 40 item 6, docs/decisions/0220):
// the full publication date (the same date as citation_publication_date, as Google Scholar asks), the DOI (a
// doi.org link only once Crossref registered it), the licence, the funders and the references.
import { citedReferences } from "#contract/fulltext-reader";
import type { ArticleDetail, Settings } from "#contract/api";
import { publicationDateParts } from "#contract/citation";
import { licenseOf } from "#contract/scholarly";
import { RichText } from "../../components/rich-text";
import { useT, useTranslator } from "../../lib/i18n";
import { formatDate } from "#contract/i18n/intl-format";
import type { Language } from "#contract/i18n/languages";

/** "15 March 2024" (in the page's language) and its ISO form, or null when the stored date is not a date (then the
 * year is all we know). */
export function publicationDate(publishdate: string, lang: Language = "en"): { iso: string; text: string } | null {
  const parts = publicationDateParts(publishdate);
  if (!parts) return null;
  const iso = parts.join("-");
  return { iso, text: formatDate(lang, `${iso}T00:00:00Z`) };
}

/** The published date, DOI and licence, as entries of the article's facts list. */
export function ArticleFactEntries({ article: a, settings }: { article: ArticleDetail; settings: Settings | undefined }) {
  const { t, lang } = useTranslator();
  const date = publicationDate(a.publishdate, lang);
  const license = licenseOf(a.license || settings?.license);
  return (
    <>
      <div>
        <dt>{t("article.published")}</dt>
        <dd>{date ? <time dateTime={date.iso}>{date.text}</time> : a.year}</dd>
      </div>
      {a.doi && (
        <div className="article-view__doi">
          <dt>DOI</dt>
          <dd dir="ltr">
            {a.doi_registered ? (
              <a href={`https://doi.org/${a.doi}`}>https://doi.org/{a.doi}</a>
            ) : (
              // Not registered with Crossref yet: a link would lead to "DOI not found".
              <span title={t("article.doiPending")}>{a.doi}</span>
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>{t("article.licence")}</dt>
        <dd>
          <a href={license.url} rel="license">
            {license.label}
          </a>
        </dd>
      </div>
    </>
  );
}

/** Funding and references, below the abstract. */
/**
 * With a full text (issue 51): each reference has the id its citations link to (ref1…), a link back to where the
 * text first cites it, and its DOI as a link.
 */
interface FulltextReferences {
  html: string;
  referenceDois: string[];
}

export function ArticleBackMatter({ article: a, fulltext }: { article: ArticleDetail; fulltext?: FulltextReferences | null }) {
  const t = useT();
  const cited = fulltext ? citedReferences(fulltext.html) : new Set<number>();
  return (
    <>
      {a.funders.length > 0 && (
        <section className="article-view__section" aria-labelledby="funding-title">
          <h2 id="funding-title">{t("article.funding")}</h2>
          <ul className="article-view__funding">
            {a.funders.map((f, i) => (
              <li key={`${i}-${f.funder}`}>
                {f.funder}
                {f.award && <span className="article-view__award"> {t("article.award", { award: f.award })}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {a.references.length > 0 && (
        <section className="article-view__section" aria-labelledby="references-title">
          <h2 id="references-title">{t("article.references")}</h2>
          {/* Each reference in its parts, for a reference manager (issue 51 item 4, docs/decisions/0392). */}
          {a.ris_url && (
            <p className="article-view__references-download">
              {t("article.referencesDownload")} <a href={a.ris_url.replace(/\.ris$/, ".references.ris")}>RIS</a> ·{" "}
              <a href={a.bib_url.replace(/\.bib$/, ".references.bib")}>BibTeX</a>
            </p>
          )}
          <ol className="article-view__references" dir="ltr">
            {a.references.map((ref, i) =>
              fulltext ? (
                <li key={`${i}-${ref}`} id={`ref${i + 1}`}>
                  <RichText html={ref} />
                  {fulltext.referenceDois[i] && (
                    <>
                      {" "}
                      <a href={`https://doi.org/${fulltext.referenceDois[i]}`}>https://doi.org/{fulltext.referenceDois[i]}</a>
                    </>
                  )}
                  {cited.has(i + 1) && (
                    <>
                      {" "}
                      <a href={`#cite${i + 1}`} className="fn-back" aria-label={`${t("article.fulltext.backToCitation")} ${i + 1}`}>
                        ↩
                      </a>
                    </>
                  )}
                </li>
              ) : (
                <RichText key={`${i}-${ref}`} as="li" html={ref} />
              ),
            )}
          </ol>
        </section>
      )}
    </>
  );
}
