// On the manuscript page in Copyediting and Production (docs/decisions/0341): staff send the author the copyedited
// manuscript or the proofs through the tracking link, with an optional note; the author approves or sends
// corrections there, and the timeline shows the answer.
import { useState, type FormEvent } from "react";
import { errorCode, uploadForm } from "../admin-api";
import { Field, Spinner, type FlashMessage } from "../admin-ui";
import { STAGE_RULES, type ManuscriptDetail } from "#contract/workflow";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";
import { workflowMessage } from "./workflow-ui";

export function AuthorCheckForm({ m, onDone }: { m: ManuscriptDetail; onDone: (msg: FlashMessage) => void }) {
  const kind = STAGE_RULES[m.stage].authorChecks;
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  if (!kind) return null;
  const what = kind === "proof" ? "proofs" : "copyedited manuscript";
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError(`Choose the PDF of the ${what}.`);
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set("pdfFile", file);
    form.set("note", note);
    try {
      await uploadForm(apiPath(workflowApi.authorCheck, { id: m.id }), form);
      setFile(null);
      setNote("");
      setInputKey((k) => k + 1);
      onDone({ kind: "success", text: `The ${what} were e-mailed to the author to check through the tracking link` });
    } catch (err) {
      const code = errorCode(err);
      setError(
        code === "invalid_file_type"
          ? "The file is not a PDF."
          : code === "file_too_large"
            ? "File size exceeds the limit of 5 MB."
            : workflowMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }
  const title = kind === "proof" ? "Send the proofs to the author" : "Send the copyedited manuscript to the author";
  return (
    <form className="form" onSubmit={submit} aria-labelledby="author-check-title">
      <h3 className="form__section-title" id="author-check-title">
        {title}
      </h3>
      <p className="hint">
        The author downloads the PDF from the tracking page, then approves it or sends corrections; you are e-mailed the answer.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Field id="author-check-file" label={`${kind === "proof" ? "Proofs" : "Copyedited manuscript"} (PDF, at most 5 MB)`}>
        <input
          key={inputKey}
          id="author-check-file"
          type="file"
          accept="application/pdf,.pdf"
          required
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      <Field id="author-check-note" label="Note to the author (optional)">
        <textarea id="author-check-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <div className="form__actions">
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          {busy ? <Spinner /> : null} {title}
        </button>
      </div>
    </form>
  );
}
