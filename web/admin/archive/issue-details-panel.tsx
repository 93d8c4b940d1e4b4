// An issue's details after it was made (issue 37 item 5, docs/decisions/0261-issue-covers-and-edits.md): its title
// (special issues), description, publication date, and its cover image with the text people who cannot see it hear.
// The volume, number and year stay (its articles are filed under them). The public issue page and the archive list
// follow at once.
import { useEffect, useRef, useState } from "react";
import type { Editor } from "@tiptap/react";
import { IMAGE_MAX_BYTES } from "#contract/constants";
import { ISSUE_MESSAGES, type IssueDetails } from "#contract/issues";
import { adminJson, errorCode, isAbort } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { Field, Flash, type FlashMessage } from "../admin-ui";
import { RichTextEditor } from "../rich-text-editor";
import { formatBytes } from "../format";
import { saveErrorMessage } from "../save-errors";
import { IssuePublication } from "./issue-publication";

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
const messageOf = (code: string) => ISSUE_MESSAGES[code] ?? saveErrorMessage(code);

export function IssueDetailsPanel({ year, volume, issue }: { year: number; volume: number; issue: number }) {
  const [details, setDetails] = useState<IssueDetails | null>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ title: "", description: "", publishedAt: "", coverAlt: "" });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const editorRef = useRef<Editor | null>(null);

  const show = (d: IssueDetails) => {
    setDetails(d);
    setForm({ title: d.title, description: d.description, publishedAt: d.publishedAt ?? "", coverAlt: d.coverAlt });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load when the issue changes (show only sets state)
  useEffect(() => {
    const abort = new AbortController();
    adminJson<{ issue: IssueDetails }>(apiPath(archiveApi.issueDetails, { year, vol: volume, issue }), { signal: abort.signal })
      .then((r) => show(r.issue))
      .catch((err) => {
        // An issue with articles but no row of its own (old data) has nothing to edit here.
        if (!isAbort(err) && errorCode(err) !== "issue_not_found") console.error("issue details", err);
      });
    return () => abort.abort();
  }, [year, volume, issue]);
  if (!details) return null;

  /** Runs a call; `whole`: the form shows what was saved, otherwise (the cover) what is being typed stays. */
  const run = async (action: () => Promise<{ issue: IssueDetails }>, done: string, whole = false) => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = (await action()).issue;
      if (whole) show(saved);
      else setDetails(saved);
      setMessage({ kind: "success", text: done });
    } catch (err) {
      setMessage({ kind: "error", text: "Something went wrong", detail: messageOf(errorCode(err)) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(() => adminJson(apiPath(archiveApi.editIssue, { id: details.id }), { json: form }), "Issue updated successfully", true);
  const upload = (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      setMessage({
        kind: "error",
        text: "Something went wrong",
        detail: `The image is ${formatBytes(file.size)}: ${ISSUE_MESSAGES.file_too_large}`,
      });
      return;
    }
    const body = new FormData();
    body.append("coverFile", file);
    body.append("coverAlt", form.coverAlt);
    void run(() => adminJson(apiPath(archiveApi.issueCover, { id: details.id }), { form: body }), "Cover uploaded");
  };
  const removeCover = () => {
    if (!window.confirm("Remove this issue's cover? The public issue page and the archive list show none until you upload another."))
      return;
    void run(() => adminJson(apiPath(archiveApi.deleteIssueCover, { id: details.id }), { method: "DELETE" }), "Cover removed");
  };

  return (
    <>
      <IssuePublication details={details} onSaved={setDetails} />
      <section className="panel issue-details" aria-labelledby="issue-details-title">
        <div className="panel__header">
          <h2 id="issue-details-title">Issue details</h2>
          <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Close" : "Edit details and cover"}
          </button>
        </div>
        {!open ? (
          <p className="issue-details__summary">
            {details.coverUrl ? (
              <img src={details.coverUrl} alt={form.coverAlt || "Current cover"} className="issue-details__thumb" />
            ) : null}
            <span>
              {details.title ? <strong>{details.title}</strong> : "No title"} ·{" "}
              {details.publishedAt ? `published ${details.publishedAt}` : "no publication date"} ·{" "}
              {details.coverUrl ? "a cover" : "no cover"}
            </span>
          </p>
        ) : (
          <form
            className="form issue-details__form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            noValidate
          >
            <div className="grid-2">
              <Field id="issue-title" label="Title (special issue)">
                <input
                  id="issue-title"
                  className="input"
                  value={form.title}
                  maxLength={300}
                  onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
                />
              </Field>
              <Field id="issue-published" label="Publication date">
                <input
                  id="issue-published"
                  className="input"
                  type="date"
                  value={form.publishedAt}
                  onChange={(e) => setForm({ ...form, publishedAt: e.currentTarget.value })}
                />
              </Field>
            </div>
            <Field
              id="issue-description"
              labelId="issue-description-label"
              label="Description"
              onLabelClick={() => editorRef.current?.commands.focus()}
            >
              <RichTextEditor
                id="issue-description"
                labelId="issue-description-label"
                value={form.description}
                onChange={(description) => setForm((f) => ({ ...f, description }))}
                editorRef={editorRef}
              />
            </Field>
            <fieldset className="issue-details__cover">
              <legend>Cover image</legend>
              {details.coverUrl ? (
                <img src={details.coverUrl} alt={form.coverAlt || "Current cover"} className="issue-details__preview" />
              ) : (
                <p className="field__hint">No cover yet.</p>
              )}
              <Field
                id="issue-cover-alt"
                label="Text for people who cannot see the cover"
                hint="What the cover shows, in a sentence. Left empty, the site says “Cover of VOL. x, ISSUE y (year)” and the title."
              >
                <input
                  id="issue-cover-alt"
                  aria-describedby="issue-cover-alt-hint"
                  className="input"
                  value={form.coverAlt}
                  maxLength={300}
                  onChange={(e) => setForm({ ...form, coverAlt: e.currentTarget.value })}
                />
              </Field>
              <Field
                id="issue-cover-file"
                label={details.coverUrl ? "Replace the cover" : "Upload a cover"}
                hint={`JPEG, PNG, WebP or GIF, at most ${formatBytes(IMAGE_MAX_BYTES)}. Uploaded at once, with the text above.`}
              >
                <input
                  id="issue-cover-file"
                  aria-describedby="issue-cover-file-hint"
                  type="file"
                  accept={IMAGE_TYPES.join(",")}
                  disabled={busy}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0] ?? null;
                    e.currentTarget.value = "";
                    if (file) upload(file);
                  }}
                />
              </Field>
              {details.coverUrl ? (
                <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={removeCover}>
                  Remove the cover
                </button>
              ) : null}
            </fieldset>
            <div className="form__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? "Saving…" : "Save details"}
              </button>
            </div>
          </form>
        )}
        <Flash message={message} onClose={() => setMessage(null)} />
      </section>
    </>
  );
}
