// /instructions: author instructions (SPEC §2, §5, §9): manuscript format (MS Word, at most 5 authors and
// 50 references), the publication fee table (fee_rupee for India, fee_dollar for other countries), policies,
// and the copyright form download.
import { Link } from "react-router";
import { MAX_AUTHORS, MAX_REFERENCES } from "#contract/constants";
import { DownloadIcon } from "../../components/icons";
import { formatFee } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { JournalFigures } from "../workflow/journal-figures";
import { licenseOf } from "#contract/scholarly";

export const COPYRIGHT_FORM_PATH = "/docs/copyright-form.pdf";

export function InstructionsPage() {
  const s = useSettings();
  const name = useJournalName() || "the journal";

  return (
    <article className="page prose-page">
      <header className="page__header">
        <h1 className="page__title">Instructions to Authors</h1>
        <p className="page__lead">
          {name} welcomes original research articles, review articles and short communications. Please read these instructions before you
          submit.
        </p>
      </header>

      <section aria-labelledby="ins-format">
        <h2 id="ins-format">Manuscript format</h2>
        <ul className="check-list">
          <li>
            Prepare the manuscript in <strong>MS Word</strong> (.doc or .docx), single column, 12 pt text with 1.5 line spacing.
          </li>
          <li>
            An article may have at most <strong>{MAX_AUTHORS} authors</strong>.
          </li>
          <li>
            Cite at most <strong>{MAX_REFERENCES} references</strong>, numbered in the order they appear in the text.
          </li>
          <li>Begin with the title, the authors' names and affiliations, an abstract of up to 250 words and 4–6 keywords.</li>
          <li>Structure the text as Introduction, Materials and Methods, Results, Discussion and Conclusion.</li>
          <li>Number tables and figures, give each a caption, and place them near the text that cites them.</li>
        </ul>
      </section>

      <section aria-labelledby="ins-submit">
        <h2 id="ins-submit">How to submit</h2>
        <p>
          Send the MS Word file by e-mail to{" "}
          {s?.websiteemail ? <a href={`mailto:${s.websiteemail}`}>{s.websiteemail}</a> : "the editorial office"}, or upload a PDF of it
          through the <Link to="/article">Submit Online</Link> form. You will receive a reference number that identifies your manuscript in
          all later correspondence.
        </p>
      </section>

      <JournalFigures />

      <section aria-labelledby="ins-fees">
        <h2 id="ins-fees">Publication fee</h2>
        <p>
          The fee is charged only after a manuscript has been accepted. It covers peer review, typesetting, online hosting and the
          publication certificates.
        </p>
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
      </section>

      <section aria-labelledby="ins-policies">
        <h2 id="ins-policies">Editorial policies</h2>
        <dl className="policy-list">
          {/* The journal's own statements where Settings has them (what DOAJ asks: issue 40 item 3), else the defaults. */}
          <dt>Peer review</dt>
          <dd className="policy-list__text">
            {s?.review_process ||
              "Every manuscript is reviewed by at least two independent referees. The editors decide on the basis of their reports."}
          </dd>
          <dt>Originality</dt>
          <dd className="policy-list__text">
            {s?.plagiarism_policy ||
              "Submissions must be original, not published or under review elsewhere. Manuscripts are checked for plagiarism."}
          </dd>
          {s?.apc_policy && (
            <>
              <dt>Article processing charges</dt>
              <dd className="policy-list__text">{s.apc_policy}</dd>
            </>
          )}
          {s?.waiver_policy && (
            <>
              <dt>Waivers</dt>
              <dd className="policy-list__text">{s.waiver_policy}</dd>
            </>
          )}
          {s?.license_url && (
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
          <dt>Open access</dt>
          <dd>
            Published articles are free to read and download. Authors can download their publication certificates from the Download
            Certificate page.
          </dd>
          <dt>Ethics</dt>
          <dd>
            Research on humans or animals must state the approval of the responsible ethics committee. Conflicts of interest must be
            declared.
          </dd>
        </dl>
      </section>

      <section aria-labelledby="ins-copyright" className="card copyright-box">
        <div>
          <h2 id="ins-copyright">Copyright form</h2>
          <p>
            After acceptance, the corresponding author signs the copyright form on behalf of all authors and sends a scan of it to the
            editorial office.
          </p>
        </div>
        <a className="button" href={COPYRIGHT_FORM_PATH} download="Copyright-Form.pdf">
          <DownloadIcon /> Download copyright form
        </a>
      </section>
    </article>
  );
}
