// /instructions: author instructions (SPEC §2, §5, §9). The journal's own text (instructions_content, edited by its
// managers on /admin/site; a default until they do: contract/site-content.ts), and around it the spec's facts, which
// the page always shows whatever the text says: submission in MS Word (a PDF through Submit Online for the
// double-blind review, the Word file after acceptance), at most 5 authors and 50 references, the fee table (fee_rupee
// for India, fee_dollar for other countries), the editorial policies and the copyright form download. Each shows
// once: the default texts leave out the fee and the statements the page gives itself.
import { Link } from "react-router";
import { MAX_AUTHORS, MAX_REFERENCES } from "#contract/constants";
import { policiesBesideStatements, SHARED_COPYRIGHT_FORM_PATH } from "#contract/site-content";
import { DownloadIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { usePageData } from "../../lib/page-data";
import { formatFee } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { JournalFigures } from "../workflow/journal-figures";
import { licenseOf } from "#contract/scholarly";

/** The shared copyright form, for a journal that has not uploaded its own. */
export const COPYRIGHT_FORM_PATH = SHARED_COPYRIGHT_FORM_PATH;

export function InstructionsPage() {
  const s = useSettings();
  const { figures, sectionFees, feesOnline } = usePageData("instructions");
  const name = useJournalName() || "the journal";

  return (
    <article className="page prose-page">
      <header className="page__header">
        <h1 className="page__title">Instructions to Authors</h1>
        <p className="page__lead">Before you submit to {name}: the requirements, the fee and the journal's own instructions.</p>
      </header>

      <section aria-labelledby="ins-requirements">
        <h2 id="ins-requirements">Submission requirements</h2>
        <ul className="check-list">
          <li>
            Prepare the manuscript in <strong>MS Word</strong> (.doc or .docx). For the review, submit a PDF of it through{" "}
            <Link to="/article">Submit Online</Link>, without the authors' names (the review is double-blind); after acceptance, send the
            Word file to {s?.websiteemail ? <a href={`mailto:${s.websiteemail}`}>{s.websiteemail}</a> : "the editorial office"}.
          </li>
          <li>
            An article may have at most <strong>{MAX_AUTHORS} authors</strong>.
          </li>
          <li>
            Cite at most <strong>{MAX_REFERENCES} references</strong>.
          </li>
        </ul>
      </section>

      {s ? (
        <section aria-label="The journal's instructions">
          <RichText page className="site-page-text" html={s.instructions_content} />
        </section>
      ) : null}

      <JournalFigures figures={figures} />

      <section aria-labelledby="ins-fees">
        <h2 id="ins-fees">Publication fee</h2>
        <div className="table-wrap">
          <table className="fee-table">
            <caption className="visually-hidden">Publication fee by the authors' country</caption>
            <thead>
              <tr>
                <th scope="col">Authors from</th>
                <th scope="col">Publication fee</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">India</th>
                <td data-testid="fee-india">{s ? formatFee(s.fee_rupee, "INR") : "…"}</td>
              </tr>
              <tr>
                <th scope="row">Other countries</th>
                <td data-testid="fee-other">{s ? formatFee(s.fee_dollar, "USD") : "…"}</td>
              </tr>
            </tbody>
          </table>
        </div>
        {s && sectionFees?.length ? (
          <>
            <p>Some sections charge a fee of their own; the section your manuscript is filed under decides the fee.</p>
            <div className="table-wrap">
              <table className="fee-table" data-testid="section-fees">
                <caption className="visually-hidden">Publication fee by section and the authors' country</caption>
                <thead>
                  <tr>
                    <th scope="col">Section</th>
                    <th scope="col">Authors from India</th>
                    <th scope="col">Other countries</th>
                  </tr>
                </thead>
                <tbody>
                  {sectionFees.map((f) => (
                    <tr key={f.title}>
                      <th scope="row">{f.title}</th>
                      <td>{formatFee(f.feeRupee || s.fee_rupee, "INR")}</td>
                      <td>{formatFee(f.feeDollar || s.fee_dollar, "USD")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {feesOnline ? (
          <p data-testid="fee-online">
            When the fee falls due you receive an invoice by e-mail and pay it online from your manuscript's tracking page, where you can
            also ask for a waiver, giving your reason; the editorial office answers every request.
          </p>
        ) : null}
      </section>

      {s ? (
        <section aria-labelledby="ins-policies">
          <h2 id="ins-policies">Editorial policies</h2>
          {/* The default text leaves out what the statements below already say (contract/site-content.ts). */}
          <RichText page className="site-page-text site-page-text--nested" html={policiesBesideStatements(s.policies_content, s)} />
          {/* The journal's own statements DOAJ asks for (issue 40 item 3), where Settings has them. */}
          {s.review_process || s.plagiarism_policy || s.apc_policy || s.waiver_policy || s.license_url ? (
            <dl className="policy-list">
              {s.review_process && (
                <>
                  <dt>Peer review</dt>
                  <dd className="policy-list__text">{s.review_process}</dd>
                </>
              )}
              {s.plagiarism_policy && (
                <>
                  <dt>Originality</dt>
                  <dd className="policy-list__text">{s.plagiarism_policy}</dd>
                </>
              )}
              {s.apc_policy && (
                <>
                  <dt>Article processing charges</dt>
                  <dd className="policy-list__text">{s.apc_policy}</dd>
                </>
              )}
              {s.waiver_policy && (
                <>
                  <dt>Waivers</dt>
                  <dd className="policy-list__text">{s.waiver_policy}</dd>
                </>
              )}
              {s.license_url && (
                <>
                  <dt>Licence</dt>
                  <dd>
                    Articles are published under the{" "}
                    <a href={s.license_url} rel="license">
                      {licenseOf(s.license).label}
                    </a>{" "}
                    licence.
                  </dd>
                </>
              )}
            </dl>
          ) : null}
          <p>
            <Link to="/policies">All policies on one page</Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="ins-copyright" className="card copyright-box">
        <div>
          <h2 id="ins-copyright">Copyright form</h2>
          <p>
            After acceptance, the corresponding author signs the copyright form on behalf of all authors and sends a scan of it to the
            editorial office.
          </p>
        </div>
        <a className="button" href={s?.copyright_form_url || COPYRIGHT_FORM_PATH} download="Copyright-Form.pdf">
          <DownloadIcon /> Download copyright form
        </a>
      </section>
    </article>
  );
}
