// Attach the author's Word file: checked here first (a .docx, at most 25 MB), sent with upload progress, then
// converted by the Worker into the draft; what the converter could not carry over is listed under it. A draft with
// unsaved changes is only replaced after staff say so.
import { useId, useRef, useState, type FormEvent } from "react";
import { DOCX_MAX_BYTES, DOCX_TYPE, type FulltextAnswer, type ReferencesAnswer } from "#contract/fulltext";
import { apiPath } from "#contract/routes/endpoint";
import { fulltextApi } from "#contract/routes/fulltext";
import { adminJson, uploadForm } from "../../admin-api";
import { Flash, type FlashMessage } from "../../admin-ui";
import { formatBytes, formatDateTime } from "../../format";
import { fulltextErrorText } from "./fulltext-messages";

type Stage = { kind: "idle" } | { kind: "uploading"; fraction: number } | { kind: "converting" };

export const REPLACE_DRAFT_QUESTION =
  "Converting this Word file replaces the draft, and your unsaved changes to it are lost. Convert anyway?";

/** Why a picked file cannot be sent, or null. */
function fileProblem(file: File | undefined): string | null {
  if (!file) return "Choose the Word file (.docx) first.";
  if (!/\.docx$/i.test(file.name)) return "Only Word files (.docx) can be converted. Save the manuscript as .docx in Word and try again.";
  if (file.size > DOCX_MAX_BYTES) return `The Word file is too large (${formatBytes(file.size)}; at most ${formatBytes(DOCX_MAX_BYTES)}).`;
  return null;
}

export function WordUpload(props: {
  articleId: number;
  fulltext: FulltextAnswer;
  dirty: boolean;
  onConverted: (answer: FulltextAnswer, references: ReferencesAnswer["references"] | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { fulltext } = props;
  const busy = stage.kind !== "idle";

  async function convert(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const file = input.current?.files?.[0];
    const problem = fileProblem(file);
    setFieldError(problem);
    setFlash(null);
    if (problem || !file) {
      input.current?.focus();
      return;
    }
    if (props.dirty && !window.confirm(REPLACE_DRAFT_QUESTION)) return;
    const form = new FormData();
    form.set("docxFile", file);
    const replace = data.get("references") === "replace";
    if (replace) form.set("references", "replace");
    setStage({ kind: "uploading", fraction: 0 });
    try {
      const answer = await uploadForm<FulltextAnswer>(apiPath(fulltextApi.convert, { id: props.articleId }), form, (fraction) =>
        setStage(fraction >= 1 ? { kind: "converting" } : { kind: "uploading", fraction }),
      );
      const references =
        replace && answer.word_references > 0
          ? (await adminJson<ReferencesAnswer>(apiPath(fulltextApi.references, { id: props.articleId }))).references
          : null;
      props.onConverted(answer, references);
      if (input.current) input.current.value = "";
      const refs = answer.word_references;
      setFlash({
        kind: "success",
        text: `Converted ${answer.source_name} into the draft.`,
        detail: [
          answer.dropped.length
            ? `${answer.dropped.length} thing${answer.dropped.length === 1 ? "" : "s"} could not be carried over: see the list below.`
            : "Everything in it was carried over.",
          refs
            ? replace
              ? `Its ${refs} reference${refs === 1 ? "" : "s"} are now the article's references.`
              : `It has ${refs} reference${refs === 1 ? "" : "s"}; the article's references were kept.`
            : "",
          "Readers see nothing until you publish.",
        ]
          .filter(Boolean)
          .join(" "),
      });
    } catch (error) {
      setFlash({ kind: "error", text: "The Word file was not converted", detail: fulltextErrorText(error) });
    } finally {
      setStage({ kind: "idle" });
    }
  }

  return (
    <section className="panel fulltext-admin__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form__section-title">
        Word file
      </h2>
      {fulltext.converted_at ? (
        <p className="field__hint">
          The draft comes from <strong>{fulltext.source_name}</strong>, converted {formatDateTime(fulltext.converted_at)}. Attach a new file
          to start the draft again from it.
        </p>
      ) : (
        <p className="field__hint">
          Attach the accepted manuscript (.docx): headings, lists, tables, figures, footnotes, equations and the reference list become the
          full-text draft. Readers see it only once you publish.
        </p>
      )}
      <Flash message={flash} onClose={() => setFlash(null)} />
      <form className="fulltext-admin__upload" onSubmit={convert} noValidate>
        <div className={`field${fieldError ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor={`${id}-file`}>
            Manuscript (.docx, at most 25 MB)
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            name="docxFile"
            type="file"
            accept={`.docx,${DOCX_TYPE}`}
            disabled={busy}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-file-error` : undefined}
            onChange={() => setFieldError(null)}
          />
          {fieldError && (
            <p className="field__error" id={`${id}-file-error`}>
              {fieldError}
            </p>
          )}
        </div>
        <label className="checkbox">
          <input type="checkbox" name="references" value="replace" disabled={busy} />
          Make the Word file's reference list the article's references (replaces the references typed in the article)
        </label>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {fulltext.converted_at ? "Convert again" : "Convert to full text"}
          </button>
        </div>
      </form>
      {busy && (
        <div className="fulltext-admin__progress" role="status" aria-live="polite">
          {stage.kind === "uploading" ? (
            <>
              <span>Uploading… {Math.round(stage.fraction * 100)}%</span>
              <progress max={1} value={stage.fraction} aria-label="Upload" />
            </>
          ) : (
            <>
              <span>Converting the Word file… (a long manuscript takes a few seconds)</span>
              <progress aria-label="Conversion" />
            </>
          )}
        </div>
      )}
      {fulltext.converted_at && <DroppedList dropped={fulltext.dropped} />}
    </section>
  );
}

function DroppedList({ dropped }: { dropped: string[] }) {
  const id = useId();
  return (
    <div className="fulltext-admin__dropped" aria-labelledby={`${id}-title`} role="region">
      <h3 id={`${id}-title`}>Not carried over</h3>
      {dropped.length === 0 ? (
        <p className="field__hint">Everything in the Word file was carried over.</p>
      ) : (
        <>
          <p className="field__hint">
            The converter could not carry these over. Add them to the draft by hand where they matter (for example a picture saved as PNG or
            JPEG).
          </p>
          <ul>
            {dropped.map((item, i) => (
              <li key={`${i}:${item}`}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
