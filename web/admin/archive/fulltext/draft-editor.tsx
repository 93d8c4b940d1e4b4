// The draft's HTML, corrected by staff (docs/decisions/0390: the HTML itself in a plain editor, beside a preview as
// readers will see it, since a visual editor would drop the tables, figures, MathML and note links it does not
// model). What is typed is kept on this device until saved (use-draft.ts), leaving with unsaved changes asks first,
// and the server's sanitizer has the last word: the editor then shows what was stored.
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { FULLTEXT_MAX_CHARS, type FulltextAnswer } from "#contract/fulltext";
import { sanitizeFulltextHtml } from "#contract/fulltext-html";
import { readerFulltextHtml } from "#contract/fulltext-reader";
import { apiPath } from "#contract/routes/endpoint";
import { fulltextApi } from "#contract/routes/fulltext";
import { adminJson } from "../../admin-api";
import { Flash, type FlashMessage } from "../../admin-ui";
import { BusyButton, DraftNotice } from "../../form-kit";
import { useDraft, useLeaveGuard } from "../../form-kit/use-draft";
import { fulltextErrorText } from "./fulltext-messages";

type View = "edit" | "preview";

export function DraftEditor(props: {
  articleId: number;
  fulltext: FulltextAnswer;
  html: string;
  onChange: (html: string) => void;
  onSaved: (answer: FulltextAnswer) => void;
}) {
  const id = useId();
  const [view, setView] = useState<View>("edit");
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const { html, fulltext, onChange } = props;
  const values = useMemo(() => ({ html }), [html]);
  const baseline = useMemo(() => ({ html: fulltext.draft_html }), [fulltext.draft_html]);
  // One local draft per article and conversion: a draft typed over an older conversion never lands on a newer one.
  const draft = useDraft(`fulltext:${props.articleId}:${fulltext.converted_at}`, values, baseline, (v) => onChange(v.html));
  useLeaveGuard(draft.dirty);
  const tooLong = html.length > FULLTEXT_MAX_CHARS;
  const preview = useMemo(
    () => (view === "preview" ? readerFulltextHtml(sanitizeFulltextHtml(html), { notes: "Notes", backToText: "Back to text" }) : ""),
    [view, html],
  );

  async function save() {
    if (saving || !draft.dirty) return;
    if (tooLong) {
      setFlash({
        kind: "error",
        text: "Not saved",
        detail: `The full text is longer than ${FULLTEXT_MAX_CHARS.toLocaleString()} characters.`,
      });
      return;
    }
    setSaving(true);
    setFlash(null);
    try {
      const answer = await adminJson<FulltextAnswer>(apiPath(fulltextApi.saveDraft, { id: props.articleId }), {
        method: "PUT",
        json: { html },
      });
      props.onSaved(answer);
      setFlash(
        answer.draft_html === html
          ? { kind: "success", text: "Draft saved.", detail: "Readers see it once you publish." }
          : {
              kind: "info",
              text: "Draft saved, with markup the full text does not keep removed.",
              detail:
                "Scripts, styles, unknown tags and addresses outside this journal were taken out; the editor now shows what was stored.",
            },
      );
    } catch (error) {
      setFlash({
        kind: "error",
        text: "The draft was not saved",
        detail: `${fulltextErrorText(error)} Your changes are still here and kept on this device.`,
      });
    } finally {
      setSaving(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      void save();
    }
  };

  return (
    <section className="panel fulltext-admin__panel" aria-labelledby={`${id}-title`}>
      <div className="fulltext-admin__bar">
        <h2 id={`${id}-title`} className="form__section-title">
          Draft
        </h2>
        <div className="fulltext-admin__tabs" role="group" aria-label="Show the draft as">
          <button type="button" className="btn btn--small btn--ghost" aria-pressed={view === "edit"} onClick={() => setView("edit")}>
            Edit HTML
          </button>
          <button type="button" className="btn btn--small btn--ghost" aria-pressed={view === "preview"} onClick={() => setView("preview")}>
            Preview as readers see it
          </button>
        </div>
      </div>
      <DraftNotice draft={draft} note="They are not saved yet: Save draft to keep them." />
      <Flash message={flash} onClose={() => setFlash(null)} />
      {view === "edit" ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-html`}>
            Full text (HTML)
          </label>
          <textarea
            id={`${id}-html`}
            className="fulltext-admin__source"
            value={html}
            spellCheck={false}
            rows={28}
            aria-describedby={`${id}-html-hint`}
            aria-invalid={tooLong || undefined}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <p className="field__hint" id={`${id}-html-hint`}>
            Sections, headings, paragraphs, lists, tables, figures, MathML and links to notes and references are kept; anything else is
            removed on save. {html.length.toLocaleString()} characters
            {tooLong ? ` — more than the ${FULLTEXT_MAX_CHARS.toLocaleString()} allowed` : ""}. Ctrl+S saves.
          </p>
        </div>
      ) : (
        <div className="fulltext-admin__preview" role="region" aria-label="Preview of the full text">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized here as the server will store it */}
          <div className="fulltext__body prose" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
      )}
      <div className="fulltext-admin__actions">
        <BusyButton busy={saving} busyLabel="Saving…" className="btn btn--primary" disabled={!draft.dirty} onClick={() => void save()}>
          Save draft
        </BusyButton>
        {draft.dirty ? (
          <span className="fulltext-admin__state">Unsaved changes</span>
        ) : (
          <span className="fulltext-admin__state fulltext-admin__state--saved">All changes saved</span>
        )}
        {draft.dirty && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              if (window.confirm("Undo every change since the last save?")) onChange(fulltext.draft_html);
            }}
          >
            Undo changes
          </button>
        )}
      </div>
    </section>
  );
}
