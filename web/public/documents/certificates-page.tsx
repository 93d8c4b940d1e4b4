// /pdf?refno=: 'DOWNLOAD PUBLICATION CERTIFICATE'. With a reference number: rows for the article's PDF, one
// certificate per author (authors split on commas, trimmed), the cover page and the editorial board, linking to
// the SPEC §7 document calls with the SPEC's file names. Without one: a form asking for it.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Article } from "#contract/api";
import { RichText } from "../../components/rich-text";
import { articlePath, articlePdfPath, splitAuthors } from "../../lib/format";
import { richMessage, useT } from "../../lib/i18n";
import type { MessageId } from "#contract/i18n/messages";
import { usePageData } from "../../lib/page-data";
import { apiPath } from "#contract/routes/endpoint";
import { documentsApi } from "#contract/routes/documents";

interface DocumentRow {
  label: MessageId;
  /** A further message (the article's "Full text (PDF)"), or an author's name as typed. */
  detail?: { message: MessageId } | { name: string };
  href: string;
  fileName: string;
  /** Whose document it is (an author's certificate): named in the link, since every certificate's file name is the same. */
  owner?: string;
}

/** The download rows for one article (exported for tests of the link shapes). */
export function documentRows(a: Article): DocumentRow[] {
  const ref = a.refnumber;
  const rows: DocumentRow[] = [];
  if (a.file_url)
    rows.push({
      label: "certificates.row.article",
      detail: { message: "certificates.row.fullText" },
      href: articlePdfPath(a),
      fileName: `${ref}.pdf`,
    });
  for (const author of splitAuthors(a.authorname)) {
    rows.push({
      label: "certificates.row.certificate",
      detail: { name: author },
      owner: author,
      href: apiPath(documentsApi.certificate, { ref, authorName: author }),
      fileName: `certificate-${ref}.pdf`,
    });
  }
  rows.push({ label: "certificates.row.cover", href: apiPath(documentsApi.coverPage, { ref }), fileName: `coverpage-${ref}.pdf` });
  rows.push({ label: "certificates.row.board", href: apiPath(documentsApi.editorialBoard), fileName: "Editorial-Board.pdf" });
  return rows;
}

function RefForm({ initial }: { initial: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    navigate(v ? `/pdf?refno=${encodeURIComponent(v)}` : "/pdf");
  };
  return (
    <form className="ref-form" action="/pdf" method="get" onSubmit={submit}>
      <label htmlFor="refno">{t("certificates.refLabel")}</label>
      <div className="ref-form__row">
        <input
          id="refno"
          name="refno"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t("certificates.refExample", { example: "IJANS-2024-0012" })}
          autoComplete="off"
          required
        />
        <button type="submit" className="button">
          {t("certificates.get")}
        </button>
      </div>
      <p className="hint">{t("certificates.refHint")}</p>
    </form>
  );
}

export function CertificatesPage() {
  const { refno, article: a } = usePageData("certificates");
  const t = useT();

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("certificates.title")}</h1>
      </header>
      {!refno && <RefForm key="" initial="" />}
      {refno && !a && (
        <>
          <p className="notice notice--error" role="alert">
            {richMessage(t, "certificates.notFound", { refno: <bdi>{refno}</bdi> })}
          </p>
          <RefForm key={refno} initial={refno} />
        </>
      )}
      {a && (
        <>
          <section className="card doc-article" aria-label={t("certificates.row.article")}>
            <p className="eyebrow">
              {richMessage(t, "certificates.reference", { ref: <bdi>{a.refnumber}</bdi> })} ·{" "}
              {t("issue.label", { year: a.year, volume: a.volume, issue: a.issue })}
            </p>
            <Link to={articlePath(a)} className="doc-article__title">
              <RichText as="span" html={a.title} />
            </Link>
            <p className="doc-article__authors">
              <bdi>{splitAuthors(a.authorname).join(", ")}</bdi>
            </p>
          </section>
          <div className="table-wrap">
            <table className="doc-table">
              <caption className="visually-hidden">{t("certificates.caption", { ref: a.refnumber })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("certificates.col.number")}</th>
                  <th scope="col">{t("certificates.col.document")}</th>
                  <th scope="col">{t("certificates.col.download")}</th>
                </tr>
              </thead>
              <tbody>
                {documentRows(a).map((row, i) => (
                  <tr key={row.href}>
                    <td data-label={t("certificates.col.number")}>{i + 1}</td>
                    <td data-label={t("certificates.col.document")}>
                      <strong>{t(row.label)}</strong>
                      {row.detail && (
                        <span className="doc-table__detail">
                          {" "}
                          — {"message" in row.detail ? t(row.detail.message) : <bdi>{row.detail.name}</bdi>}
                        </span>
                      )}
                    </td>
                    <td data-label={t("certificates.col.download")}>
                      <a className="chip chip--primary chip--download" href={row.href} download={row.fileName}>
                        <bdi>{row.fileName}</bdi>
                        {row.owner && (
                          <span className="doc-table__owner"> {richMessage(t, "certificates.for", { name: <bdi>{row.owner}</bdi> })}</span>
                        )}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="hint">{richMessage(t, "certificates.another", { link: <Link to="/pdf">{t("certificates.anotherLink")}</Link> })}</p>
        </>
      )}
    </article>
  );
}
