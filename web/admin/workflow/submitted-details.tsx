// What the author sent on Submit Online beside SPEC's fields (issue 48 item 2): co-authors, keywords, abstract, cover
// letter, consent (with its time) and the Word file, on the manuscript page. Typed text is shown as text, never as
// markup; nothing is shown for a manuscript staff added by hand.
import type { ManuscriptDetail } from "#contract/workflow";
import { formatBytes, formatDateTime } from "../format";
import { DownloadButton } from "./download-button";

const consentText = (at: string | null) => (at ? `given ${formatDateTime(at)}` : "not given");

export function SubmittedDetailsPanel({ m, onError }: { m: ManuscriptDetail; onError: (t: string) => void }) {
  const s = m.submitted;
  if (!s) return null;
  return (
    <section className="panel" aria-labelledby="ms-submitted">
      <h2 className="form__section-title" id="ms-submitted">
        What the author sent
      </h2>
      <dl className="ms-meta">
        <dt>Co-authors</dt>
        <dd>
          {s.coAuthors.length === 0 ? (
            "none named"
          ) : (
            <ol className="co-author-list">
              {s.coAuthors.map((a, i) => (
                <li key={`${i}-${a.name}`}>
                  <strong>{a.name}</strong>
                  {a.affiliation ? `, ${a.affiliation}` : ""}
                  {a.email ? (
                    <>
                      {" "}
                      · <a href={`mailto:${a.email}`}>{a.email}</a>
                    </>
                  ) : null}
                  {a.orcid ? (
                    <>
                      {" "}
                      · ORCID{" "}
                      <a href={`https://orcid.org/${a.orcid}`} target="_blank" rel="noopener noreferrer">
                        {a.orcid}
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </dd>
        <dt>Keywords</dt>
        <dd>{s.keywords || "none"}</dd>
        <dt>Abstract</dt>
        <dd className="pre-line">{s.abstract || "none"}</dd>
        <dt>Cover letter</dt>
        <dd className="pre-line">{s.coverLetter || "none"}</dd>
        <dt>Word file</dt>
        <dd>
          {s.sourceFile ? (
            <>
              {formatBytes(s.sourceFile.size)}{" "}
              <DownloadButton
                url={s.sourceFile.url}
                fileName={`${m.reference}.docx`}
                failure="Could not download the Word file. Please try again."
                onError={onError}
              >
                Download the Word file<span className="visually-hidden"> of {m.reference}</span>
              </DownloadButton>
              <p className="hint">For staff only: reviewers never receive it (a Word file carries its author's name).</p>
            </>
          ) : (
            "none"
          )}
        </dd>
        <dt>Consent to the policies</dt>
        <dd>{consentText(s.consents.policies)}</dd>
        <dt>Consent to the copyright terms</dt>
        <dd>{consentText(s.consents.copyright)}</dd>
      </dl>
    </section>
  );
}
