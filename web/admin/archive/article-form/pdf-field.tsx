// The article's PDF (SPEC §5: required on every save, at most 5 MB): the picker, the picked file, the stored one.
import { useEffect, useRef, useState } from "react";
import type { AdminArticle } from "#contract/api";
import { describedBy, Field } from "../../admin-ui";
import type { FieldBinding } from "../../form-kit";
import { formatBytes } from "../../format";
import { fileProblem, type FormMode } from "./validation";

export function PdfField(props: {
  field: FieldBinding;
  mode: FormMode;
  file: File | null;
  onPick: (file: File | null) => void;
  stored: AdminArticle | null;
}) {
  const { field, mode, file } = props;
  const [pickError, setPickError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A save clears the file (it must be picked again for the next edit): clear the picker too.
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
  }, [file]);

  function pick(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setPickError(null);
    const problem = picked ? fileProblem(picked) : null;
    if (problem && "alert" in problem) window.alert(problem.alert);
    if (problem && "error" in problem) setPickError(problem.error);
    if (problem) event.target.value = "";
    props.onPick(problem ? null : picked);
  }

  const error = pickError ?? field.error;
  return (
    <>
      <Field
        id={field.id}
        label="Article PDF"
        required
        hint={
          mode === "edit"
            ? "Pick the PDF again to save changes. PDF only, at most 5 MB."
            : "PDF only, at most 5 MB. Downloaded as the reference number plus .pdf."
        }
        error={error}
        invalid={field.invalid || !!pickError}
      >
        <input
          ref={input}
          id={field.id}
          name="pdfFile"
          type="file"
          accept="application/pdf,.pdf"
          required
          aria-invalid={field.invalid || !!pickError || undefined}
          aria-describedby={describedBy(field.id, { hint: true, error: !!error })}
          onChange={pick}
          disabled={field.readOnly}
        />
      </Field>
      {mode === "edit" && props.stored?.file_url && !file && (
        <p className="form__static">
          Current file:{" "}
          <a href={props.stored.file_url} target="_blank" rel="noopener">
            {props.stored.file}
          </a>
        </p>
      )}
      {file && (
        <p className="file-chip">
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d="M5 2h7l4 4v12H5V2Zm6.5 1.5V7H15M7 10h7v1.3H7Zm0 3h7v1.3H7Z" />
          </svg>{" "}
          {file.name} <span className="muted">({formatBytes(file.size)})</span>
        </p>
      )}
    </>
  );
}
