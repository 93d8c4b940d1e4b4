// The add/edit article form: every field of its description (contract/article-form.ts, SPEC §5) in its sections,
// then the PDF; checked with the shared schema before sending; the upload shows its progress; a save opens the
// success modal (SPEC §4).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { ArticleFormValues } from "#contract/article-form";
import type { AdminArticle, ArticleSaved } from "#contract/api";
import { uploadForm } from "../../admin-api";
import { Flash, PageHeader, useTitle, type FlashMessage } from "../../admin-ui";
import { DraftNotice, SubmitButton, useZodForm } from "../../form-kit";
import { pad } from "../../format";
import { issuePath } from "../../paths";
import { articleErrorMessage, ERROR_FIELD, FIELD_LABELS, problemText, refusalMessage } from "./messages";
import { saveErrorDetail } from "../../save-errors";
import { ArticleSections, FormSection, useEditorRefs } from "./article-sections";
import { useJournalLanguage } from "../../journals/journal-name";
import { droppedAuthors } from "./dropped-authors";
import { PdfField } from "./pdf-field";
import { SuccessDialog, type Saved } from "./success-dialog";
import { isEmpty, requiredFields, schemaFor, type FormMode } from "./validation";
import { formDataOf, FORM_ORDER, fromArticle, isRichText, type FieldName } from "./values";
import { manuscriptPdf, markPublished, type ManuscriptSource } from "../../workflow/publish-from-manuscript";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";

export function ArticleForm({
  mode,
  initial,
  article,
  manuscript,
}: {
  mode: FormMode;
  initial: ArticleFormValues;
  article: AdminArticle | null;
  /** Publish as article (issue 36): the manuscript this new article comes from. */
  manuscript?: ManuscriptSource;
}) {
  const [file, setFile] = useState<File | null>(null);
  // The manuscript's latest PDF is the article's file unless staff pick another.
  useEffect(() => {
    if (manuscript)
      void manuscriptPdf(manuscript).then(
        (pdf) => pdf && setFile((picked) => picked ?? pdf),
        () => undefined,
      );
  }, [manuscript]);
  const editorRef = useEditorRefs();
  const journalLanguage = useJournalLanguage() || "en";
  const form = useZodForm<ArticleFormValues, FieldName>({
    initial,
    schema: schemaFor(mode),
    required: requiredFields(mode),
    isEmpty: (name, values) => isEmpty(name, values, file),
    labels: FIELD_LABELS,
    order: FORM_ORDER,
    problemText,
    // A local draft per issue (add) or per stored version (edit): a reload, a crash or an ended session loses nothing.
    draft:
      mode === "add"
        ? `article:add:${initial.year}/${initial.volume}/${initial.issue}${manuscript ? `:manuscript${manuscript.id}` : ""}`
        : `article:${article?.id}:${article?.modification}`,
    focus: (name, id) => {
      if (name !== "pdfFile" && isRichText(name)) editorRef(name).current?.commands.focus();
      else document.getElementById(id)?.focus();
    },
  });
  // The version this form edits: sent with each save, so a save over someone else's newer one is refused (409 stale_edit).
  const [stamp, setStamp] = useState(article?.modification ?? "");
  const [progress, setProgress] = useState(0);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const id = form.idPrefix;
  // Names an edit takes off the stored author list void the certificates given to them (decision 0170): said first.
  const storedAuthors = saved?.article?.authorname ?? article?.authorname ?? "";
  const dropped = mode === "edit" ? droppedAuthors(storedAuthors, form.values.authorname) : [];

  const issueRef = { year: Number(initial.year), volume: Number(initial.volume), issue: Number(initial.issue) };
  const inIssue = `Vol. ${pad(issueRef.volume, 2)}, Issue ${pad(issueRef.issue, 2)} (${issueRef.year})`;
  useTitle(mode === "add" ? "Add article" : "Edit article");
  const backTo = mode === "add" ? issuePath(issueRef) : article ? issuePath(article) : "/admin/archives";
  const savedText = mode === "add" ? "Article added successfully" : "Article updated successfully";

  function showMessage(next: FlashMessage) {
    form.setFlash(next);
    window.requestAnimationFrame(() => messageRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }

  async function send() {
    setProgress(0);
    const path = mode === "add" ? apiPath(archiveApi.addArticle) : apiPath(archiveApi.editArticle, { id: article!.id });
    const body = await uploadForm<ArticleSaved>(path, formDataOf(form.values, file!, mode === "edit" ? stamp : ""), setProgress);
    const result = body?.article ?? null;
    setSaved({ article: result, warnings: body?.warnings ?? [] });
    setDialogOpen(true);
    form.setFlash({ kind: "success", text: savedText });
    if (mode === "add" && manuscript && result?.refnumber) {
      try {
        await markPublished(manuscript, result.refnumber);
        form.setFlash({
          kind: "success",
          text: `${savedText}. Manuscript ${manuscript.reference} is now Published; the author was e-mailed.`,
        });
      } catch {
        form.setFlash({
          kind: "error",
          text: `${savedText}, but manuscript ${manuscript.reference} could not be marked Published. Open it and try again.`,
        });
      }
    }
    if (mode === "add") {
      form.setDone(true);
      return;
    }
    if (result) form.setValues(fromArticle(result));
    if (result?.modification) setStamp(result.modification);
    // The file must be picked again for the next edit (SPEC §5).
    setFile(null);
    form.setTried(false);
  }

  const submit = (event: FormEvent) =>
    form.submit(event, {
      send,
      onInvalid: ({ missing, problems, first }) => {
        // Nothing is sent while a required field is empty (SPEC §5).
        showMessage(
          missing.length > 0
            ? { kind: "error", text: "Please fill in the required fields.", detail: missing.map((n) => FIELD_LABELS[n]).join(", ") }
            : { kind: "error", text: refusalMessage(problems.get(first) ?? "") },
        );
        form.focus(first);
      },
      onError: (_error, code) => {
        const field = ERROR_FIELD[code];
        if (field) form.refuse(field);
        showMessage({ kind: "error", text: articleErrorMessage(code), detail: saveErrorDetail(code) });
      },
    });

  return (
    <>
      <PageHeader
        title={mode === "add" ? `Add article · ${inIssue}` : "Edit article"}
        back={{ to: backTo, label: "Back to the issue" }}
        actions={
          mode === "edit" && article ? (
            <Link to={`/admin/archives/${article.id}/fulltext`} className="btn btn--secondary">
              Full text
            </Link>
          ) : undefined
        }
        meta={
          mode === "edit" && article
            ? `Reference ${article.refnumber} · Vol. ${pad(article.volume, 2)}, Issue ${pad(article.issue, 2)} (${article.year})`
            : manuscript
              ? `Filled in from manuscript ${manuscript.reference}: check it, add the rest, then Submit`
              : undefined
        }
      />
      <div ref={messageRef}>
        <Flash message={form.flash} onClose={() => form.setFlash(null)} />
        <DraftNotice draft={form.draft} note="They are not saved yet. The PDF file must be picked again." />
      </div>
      <form className="form" onSubmit={submit} noValidate aria-busy={form.busy || undefined}>
        <ArticleSections
          idPrefix={id}
          mode={mode}
          values={form.values}
          field={form.field}
          editorRef={editorRef}
          inIssue={inIssue}
          journalLanguage={journalLanguage}
        />

        <FormSection id={`${id}-s-file`} title="PDF file">
          <PdfField
            field={form.field("pdfFile")}
            mode={mode}
            file={file}
            stored={saved?.article ?? article}
            onPick={(picked) => {
              form.clear("pdfFile");
              setFile(picked);
            }}
          />
        </FormSection>

        {dropped.length > 0 && (
          <div className="flash flash--info" role="status">
            <div>
              <p className="flash__text">
                {dropped.join(", ")} {dropped.length === 1 ? "is" : "are"} no longer among the authors.
              </p>
              <p className="flash__detail">
                A certificate already given for this article to {dropped.length === 1 ? "this name" : "these names"} will read “no longer
                valid” at /verify once you save. Download new certificates from the issue page.
              </p>
            </div>
          </div>
        )}
        <div className="form__actions">
          {form.busy && (
            <div
              className="progress"
              role="progressbar"
              aria-label="Uploading"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <div className="progress__bar" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
          {form.done ? (
            <Link to={backTo} className="btn btn--secondary">
              Back to the issue
            </Link>
          ) : (
            <SubmitButton busy={form.busy} busyLabel={progress < 1 ? `Uploading ${Math.round(progress * 100)}%` : "Saving…"} />
          )}
        </div>
      </form>
      <SuccessDialog open={dialogOpen} text={savedText} saved={saved} onClose={() => setDialogOpen(false)} />
    </>
  );
}
