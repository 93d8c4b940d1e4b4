// The manuscript page's "Write to the author" (issue 48 item 6): staff answer a reply in the discussion, or write
// first, by e-mail; the message goes with the author's tracking link, is kept in the timeline and shows on the
// author's tracking page. What staff type is kept as a local draft (docs/decisions/0145).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { adminJson } from "../admin-api";
import { Field, Spinner, type FlashMessage } from "../admin-ui";
import { useDraft } from "../form-kit/use-draft";
import { DraftNotice } from "../form-kit";
import type { ManuscriptDetail } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

/** "Re: …" once, however many times a subject has been answered. */
export const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`);

export function AuthorMessageForm({
  m,
  replyTo,
  onDone,
}: {
  m: ManuscriptDetail;
  /** The subject of the reply staff chose to answer; changes focus the form. */
  replyTo: { subject: string; n: number } | null;
  onDone: (msg: FlashMessage) => void;
}) {
  const blank = { subject: `${m.reference}: ${m.title}`.slice(0, 300), text: "" };
  const [values, setValues] = useState(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(`manuscript:${m.id}:message`, values, blank, setValues);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!replyTo) return;
    setValues((v) => ({ ...v, subject: replySubject(replyTo.subject) }));
    textRef.current?.focus();
  }, [replyTo]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminJson(apiPath(workflowApi.messageAuthor, { id: m.id }), { json: values });
      setValues(blank);
      onDone({ kind: "success", text: `Message e-mailed to ${m.authorName}` });
    } catch (err) {
      setError(workflowMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form author-message" onSubmit={submit} aria-labelledby="msg-title">
      <h3 className="form__section-title" id="msg-title">
        Write to the author
      </h3>
      <DraftNotice draft={draft} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Field id="msg-subject" label="Message subject">
        <input id="msg-subject" required value={values.subject} onChange={(e) => setValues({ ...values, subject: e.target.value })} />
      </Field>
      <Field id="msg-text" label="Message" hint={`Goes to ${m.authorEmail} with their tracking link; their reply comes back here.`}>
        <textarea
          id="msg-text"
          ref={textRef}
          required
          rows={6}
          value={values.text}
          onChange={(e) => setValues({ ...values, text: e.target.value })}
        />
      </Field>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner /> : null} Send to the author
        </button>
      </div>
    </form>
  );
}
