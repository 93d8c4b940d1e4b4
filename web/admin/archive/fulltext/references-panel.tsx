// The article's references in their parts (issue 51 item 4): what the parser read from each, staff's corrections,
// and DOIs — from the text, from Crossref's reference matching (to accept or reject), or decided by staff. A decided
// DOI (accepted, typed, or "none" after a rejection) is never asked of Crossref again (docs/decisions/0391).
import { useId, useState } from "react";
import type { ReferencesAnswer } from "#contract/fulltext";
import type { StructuredReference } from "#contract/reference-parse";
import { richTextToPlain } from "#contract/rich-text";
import { apiPath } from "#contract/routes/endpoint";
import { fulltextApi } from "#contract/routes/fulltext";
import { adminJson } from "../../admin-api";
import { Flash, type FlashMessage } from "../../admin-ui";
import { BusyButton } from "../../form-kit";
import { ReferenceEditor } from "./reference-editor";
import { fulltextErrorText } from "./fulltext-messages";

type Reference = StructuredReference;

const DOI_ORIGIN: Record<Reference["doiFrom"], string> = {
  "": "",
  text: "From the reference's text",
  crossref: "Crossref's match, not yet checked",
  staff: "Confirmed by staff",
};

function authorsText(r: Reference): string {
  return r.authors.map((a) => `${a.family}${a.given ? ` ${a.given}` : ""}`).join(", ");
}

function whereText(r: Reference): string {
  const pages = r.fpage ? (r.lpage ? `${r.fpage}–${r.lpage}` : r.fpage) : "";
  return [r.source, r.volume && `${r.volume}${r.issue ? `(${r.issue})` : ""}`, pages].filter(Boolean).join(", ");
}

export function ReferencesPanel(props: { articleId: number; references: Reference[]; onChange: (references: Reference[]) => void }) {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const { references } = props;
  const pendingMatches = references.filter((r) => r.doiFrom === "crossref").length;
  const missing = references.filter((r) => !r.doi && r.doiFrom !== "staff").length;

  async function save(name: string, changed: Reference[], done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(name);
    setFlash(null);
    try {
      const answer = await adminJson<ReferencesAnswer>(apiPath(fulltextApi.saveReferences, { id: props.articleId }), {
        method: "PUT",
        json: { references: changed },
      });
      props.onChange(answer.references);
      setFlash({ kind: "success", text: done });
      return true;
    } catch (error) {
      setFlash({ kind: "error", text: "The reference was not saved", detail: fulltextErrorText(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function match() {
    if (busy) return;
    setBusy("match");
    setFlash(null);
    try {
      const answer = await adminJson<ReferencesAnswer>(apiPath(fulltextApi.matchReferences, { id: props.articleId }), { method: "POST" });
      props.onChange(answer.references);
      const found = answer.matched ?? 0;
      if (answer.error) {
        setFlash({
          kind: "error",
          text: "Crossref's reference matching stopped",
          detail: `${answer.error}. ${found} DOI${found === 1 ? "" : "s"} found before it stopped; try again later.`,
        });
      } else {
        setFlash({
          kind: found ? "success" : "info",
          text: found
            ? `Crossref matched ${found} DOI${found === 1 ? "" : "s"}.`
            : "Crossref found no match good enough for the references without a DOI.",
          detail: found ? "Check each match below: accept it, or reject a wrong one." : undefined,
        });
      }
    } catch (error) {
      setFlash({ kind: "error", text: "Crossref's reference matching failed", detail: fulltextErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel fulltext-admin__panel" aria-labelledby={`${id}-title`}>
      <div className="fulltext-admin__bar">
        <h2 id={`${id}-title`} className="form__section-title">
          References ({references.length})
        </h2>
        {references.length > 0 && (
          <BusyButton
            busy={busy === "match"}
            busyLabel="Asking Crossref…"
            disabled={busy !== null || missing === 0}
            onClick={() => void match()}
          >
            Find missing DOIs with Crossref
          </BusyButton>
        )}
      </div>
      <p className="field__hint">
        {references.length === 0
          ? "The article has no references yet: type them in the article form, or take the Word file's list when converting."
          : `Each reference is read into its parts for JATS, Crossref, BibTeX and RIS. Correct a reading the parser got wrong with Edit. ${missing} without a DOI${pendingMatches ? `; ${pendingMatches} Crossref match${pendingMatches === 1 ? "" : "es"} to check` : ""}.`}
      </p>
      <Flash message={flash} onClose={() => setFlash(null)} />
      {references.length > 0 && (
        <ol className="fulltext-admin__refs">
          {references.map((r, i) => (
            <li key={`${i}:${r.raw}`} className="fulltext-admin__ref" aria-label={`Reference ${i + 1}`}>
              <p className="fulltext-admin__ref-text">{richTextToPlain(r.raw)}</p>
              {editing === i ? (
                <ReferenceEditor
                  reference={r}
                  busy={busy === `edit-${i}`}
                  onCancel={() => setEditing(null)}
                  onSave={async (changed) => {
                    if (await save(`edit-${i}`, [changed], `Reference ${i + 1} saved.`)) setEditing(null);
                  }}
                />
              ) : (
                <>
                  <dl className="fulltext-admin__parts">
                    <dt>Authors</dt>
                    <dd>{authorsText(r) || "—"}</dd>
                    <dt>Year</dt>
                    <dd>{r.year || "—"}</dd>
                    <dt>Title</dt>
                    <dd>{r.title || "—"}</dd>
                    <dt>Source</dt>
                    <dd>{whereText(r) || "—"}</dd>
                    <dt>DOI</dt>
                    <dd>
                      {r.doi ? (
                        <a href={`https://doi.org/${r.doi}`} target="_blank" rel="noopener noreferrer">
                          {r.doi}
                        </a>
                      ) : r.doiFrom === "staff" ? (
                        "None (decided by staff)"
                      ) : (
                        "—"
                      )}
                      {r.doi && DOI_ORIGIN[r.doiFrom] && <span className="fulltext-admin__origin"> · {DOI_ORIGIN[r.doiFrom]}</span>}
                    </dd>
                  </dl>
                  <div className="fulltext-admin__ref-actions">
                    {r.doiFrom === "crossref" && (
                      <>
                        <BusyButton
                          busy={busy === `accept-${i}`}
                          busyLabel="Saving…"
                          className="btn btn--small btn--primary"
                          disabled={busy !== null}
                          onClick={() =>
                            void save(
                              `accept-${i}`,
                              [{ ...r, doiFrom: "staff", checked: true }],
                              `The DOI of reference ${i + 1} is accepted.`,
                            )
                          }
                        >
                          Accept match
                        </BusyButton>
                        <BusyButton
                          busy={busy === `reject-${i}`}
                          busyLabel="Saving…"
                          className="btn btn--small btn--secondary"
                          disabled={busy !== null}
                          onClick={() =>
                            void save(
                              `reject-${i}`,
                              [{ ...r, doi: "", doiFrom: "staff", checked: true }],
                              `Crossref's match for reference ${i + 1} is rejected.`,
                            )
                          }
                        >
                          Reject match
                        </BusyButton>
                      </>
                    )}
                    <button type="button" className="btn btn--small btn--ghost" disabled={busy !== null} onClick={() => setEditing(i)}>
                      Edit<span className="visually-hidden"> reference {i + 1}</span>
                    </button>
                    {r.checked && <span className="badge badge--success">Checked</span>}
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
