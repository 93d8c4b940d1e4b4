// /pdf?refno=: 'DOWNLOAD PUBLICATION CERTIFICATE'. With a reference number: rows for the article's PDF, one
// certificate per author (authors split on commas, trimmed), the cover page and the editorial board, linking to
// the SPEC §7 document calls with the SPEC's file names. Without one: a form asking for it.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Article } from "#contract/api";
import { RichText } from "../../components/rich-text";
import { articlePath, articlePdfPath, issueLabel, splitAuthors } from "../../lib/format";
import { usePageData } from "../../lib/page-data";
import { apiPath } from "#contract/routes/endpoint";
import { documentsApi } from "#contract/routes/documents";

interface DocumentRow {
  label: string;
  detail?: string;
  href: string;
  fileName: string;
  /** Whose document it is (an author's certificate): named in the link, since every certificate's file name is the same. */
  owner?: string;
}

/** The download rows for one article (exported for tests of the link shapes). */
export function documentRows(a: Article): DocumentRow[] {
  const ref = a.refnumber;
  const rows: DocumentRow[] = [];
  if (a.file_url) rows.push({ label: "Article", detail: "Full text (PDF)", href: articlePdfPath(a), fileName: `${ref}.pdf` });
  for (const author of splitAuthors(a.authorname)) {
    rows.push({
      label: "Certificate",
      detail: author,
      owner: author,
      href: apiPath(documentsApi.certificate, { ref, authorName: author }),
      fileName: `certificate-${ref}.pdf`,
    });
  }
  rows.push({ label: "Cover Page", href: apiPath(documentsApi.coverPage, { ref }), fileName: `coverpage-${ref}.pdf` });
  rows.push({ label: "Editorial Board", href: apiPath(documentsApi.editorialBoard), fileName: "Editorial-Board.pdf" });
  return rows;
}

function RefForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    navigate(v ? `/pdf?refno=${encodeURIComponent(v)}` : "/pdf");
  };
  return (
    <form className="ref-form" action="/pdf" method="get" onSubmit={submit}>
      <label htmlFor="refno">Reference Number</label>
      <div className="ref-form__row">
        <input
          id="refno"
          name="refno"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="e.g. IJANS-2024-0012"
          autoComplete="off"
          required
        />
        <button type="submit" className="button">
          Get documents
        </button>
      </div>
      <p className="hint">The reference number is printed on your acceptance letter and on the article's page.</p>
    </form>
  );
}

export function CertificatesPage() {
  const { refno, article: a } = usePageData("certificates");

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">DOWNLOAD PUBLICATION CERTIFICATE</h1>
      </header>
      {!refno && <RefForm key="" initial="" />}
      {refno && !a && (
        <>
          <p className="notice notice--error" role="alert">
            Article not found! No published article has the reference number “{refno}”.
          </p>
          <RefForm key={refno} initial={refno} />
        </>
      )}
      {a && (
        <>
          <section className="card doc-article" aria-label="Article">
            <p className="eyebrow">
              Reference {a.refnumber} · {issueLabel(a)}
            </p>
            <Link to={articlePath(a)} className="doc-article__title">
              <RichText as="span" html={a.title} />
            </Link>
            <p className="doc-article__authors">{splitAuthors(a.authorname).join(", ")}</p>
          </section>
          <div className="table-wrap">
            <table className="doc-table">
              <caption className="visually-hidden">Documents for article {a.refnumber}</caption>
              <thead>
                <tr>
                  <th scope="col">S.No.</th>
                  <th scope="col">Document</th>
                  <th scope="col">Download</th>
                </tr>
              </thead>
              <tbody>
                {documentRows(a).map((row, i) => (
                  <tr key={row.href}>
                    <td data-label="S.No.">{i + 1}</td>
                    <td data-label="Document">
                      <strong>{row.label}</strong>
                      {row.detail && <span className="doc-table__detail"> — {row.detail}</span>}
                    </td>
                    <td data-label="Download">
                      <a className="chip chip--primary chip--download" href={row.href} download={row.fileName}>
                        {row.fileName}
                        {row.owner && <span className="doc-table__owner"> for {row.owner}</span>}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="hint">
            Another article? <Link to="/pdf">Enter a different reference number</Link>.
          </p>
        </>
      )}
    </article>
  );
}
