// Add article (/admin/archives/add/{year}/{vol}/{issue}) and edit article (/admin/archives/{id}):
// every field and rule of SPEC §5, the messages of SPEC §8, a success modal with the PDF link (SPEC §4).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import type { Editor } from "@tiptap/react";
import { DOCUMENT_WARNINGS, type AdminArticle, type ArticleSaved, type DocumentWarning } from "../../worker/schemas/api";
import { PDF_MAX_BYTES } from "../../worker/schemas/constants";
import { richTextToPlain } from "../../worker/schemas/rich-text";
import { articleAddSchema, articleEditSchema } from "../../worker/schemas/admin";
import { adminJson, errorCode, uploadForm } from "./admin-api";
import { saveErrorMessage } from "./save-errors";
import { describedBy, ErrorState, Field, Flash, LoadingState, PageHeader, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { formatBytes, pad, todayIso } from "./format";
import { RichTextEditor } from "./rich-text-editor";
import { issuePath } from "./issues-page";
import { ArticleScholarlyFields, type ScholarlyValues } from "./article-scholarly-fields";
import { useResource } from "./use-resource";

export const FILE_TOO_LARGE = "File size exceeds the limit of 5 MB.";

/** SPEC §8 article messages. */
export function articleErrorMessage(code: string): string {
  switch (code) {
    case "duplicate_reference_number":
      return "Duplicate reference number";
    case "duplicate_title":
      return "Duplicate title";
    case "duplicate_txnid":
      return "Transaction ID Already Used";
    case "invalid_txnid":
      return "Invalid transaction id";
    case "invalid_pagenumber":
      return "Invalid page number";
    case "file_too_large":
      return FILE_TOO_LARGE;
    case "duplicate_doi":
      return "DOI already used by another article";
    case "invalid_doi":
      return "Invalid DOI";
    case "invalid_orcid":
      return "Invalid ORCID iD";
    default:
      return saveErrorMessage(code);
  }
}

/** Which field a server error code points at, to highlight it. */
const ERROR_FIELD: Record<string, keyof ArticleValues | "pdfFile"> = {
  duplicate_reference_number: "refnumber",
  duplicate_title: "title",
  duplicate_txnid: "txnid",
  invalid_txnid: "txnid",
  invalid_pagenumber: "pagenumber",
  file_too_large: "pdfFile",
  duplicate_doi: "doi",
  invalid_doi: "doi",
  invalid_orcid: "author_details",
};

interface ArticleValues extends ScholarlyValues {
  title: string;
  abstract: string;
  authorname: string;
  refnumber: string;
  txnid: string;
  ptype: string;
  pagenumber: string;
  publishdate: string;
  year: string;
  volume: string;
  issue: string;
  email: string;
  country: string;
  keywords: string;
  subject: string;
}

type FieldName = keyof ArticleValues | "pdfFile";

function emptyValues(year: string, volume: string, issue: string): ArticleValues {
  return {
    title: "",
    abstract: "",
    authorname: "",
    refnumber: "",
    txnid: "",
    ptype: "paid",
    pagenumber: "",
    publishdate: todayIso(),
    year,
    volume,
    issue,
    email: "",
    country: "",
    keywords: "",
    subject: "",
    doi: "",
    language: "",
    references: "",
    author_details: "[]",
  };
}

function fromArticle(a: AdminArticle): ArticleValues {
  return {
    title: a.title ?? "",
    abstract: a.abstract ?? "",
    authorname: a.authorname ?? "",
    refnumber: a.refnumber ?? "",
    txnid: a.txnid ?? "",
    ptype: a.ptype === "free" ? "free" : "paid",
    pagenumber: a.pagenumber ?? "",
    publishdate: (a.publishdate ?? "").slice(0, 10) || todayIso(),
    year: String(a.year ?? ""),
    volume: String(a.volume ?? ""),
    issue: String(a.issue ?? ""),
    email: a.email ?? "",
    country: a.country ?? "",
    keywords: a.keywords ?? "",
    subject: a.subject ?? "",
    doi: a.doi ?? "",
    language: a.language ?? "",
    references: (a.references ?? []).join("\n"),
    author_details: JSON.stringify((a.authors ?? []).map(({ affiliation, orcid }) => ({ affiliation, orcid }))),
  };
}

/** Fields in the order the form shows them (errors are listed and focused in this order). */
const FORM_ORDER: FieldName[] = [
  "title",
  "abstract",
  "authorname",
  "keywords",
  "subject",
  "refnumber",
  "pagenumber",
  "publishdate",
  "year",
  "volume",
  "issue",
  "ptype",
  "txnid",
  "email",
  "country",
  "doi",
  "language",
  "author_details",
  "references",
  "pdfFile",
];

/** The required fields of SPEC §5 that are missing, in form order. */
function missingFields(values: ArticleValues, file: File | null, mode: "add" | "edit"): Set<FieldName> {
  const required = new Set<FieldName>(["title", "abstract", "txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber", "pdfFile"]);
  if (mode === "add") required.add("email");
  if (mode === "edit") for (const n of ["year", "volume", "issue"]) required.add(n as FieldName);
  const isEmpty = (name: FieldName) => {
    if (name === "pdfFile") return !file;
    if (name === "title" || name === "abstract") return !richTextToPlain(values[name]);
    return !values[name].trim();
  };
  return new Set(FORM_ORDER.filter((name) => required.has(name) && isEmpty(name)));
}

/** Field-level problems found by the shared zod schema (the server runs the same one). */
function schemaProblems(values: ArticleValues, mode: "add" | "edit"): Map<FieldName, string> {
  const schema = mode === "add" ? articleAddSchema : articleEditSchema;
  const result = schema.safeParse(values);
  const problems = new Map<FieldName, string>();
  if (result.success) return problems;
  const issues = [...result.error.issues].sort(
    (a, b) => FORM_ORDER.indexOf(a.path[0] as FieldName) - FORM_ORDER.indexOf(b.path[0] as FieldName),
  );
  for (const issue of issues) {
    const name = issue.path[0] as FieldName | undefined;
    if (!name || problems.has(name)) continue;
    problems.set(name, FIELD_PROBLEMS[issue.message] ?? FIELD_PROBLEMS[`${name}:`] ?? "Check this value.");
  }
  return problems;
}

const FIELD_PROBLEMS: Record<string, string> = {
  invalid_txnid: "Invalid transaction id",
  invalid_pagenumber: "Invalid page number",
  "refnumber:": "Use up to 100 letters, digits, '.', '-' or '_' (it becomes the file name).",
  "publishdate:": "Enter a valid date.",
  "year:": "Enter a valid year.",
  "volume:": "Enter a whole number, 0 or more.",
  "issue:": "Enter a whole number, 0 or more.",
  "email:": "This email is too long.",
  invalid_doi: "Enter a DOI such as 10.12345/abc.1, or leave it empty.",
  invalid_orcid: "An ORCID iD is 16 digits (the last may be X) with a valid check digit, e.g. 0000-0002-1825-0097.",
  "language:": "Enter a language code such as en or pt-BR.",
};

const FIELD_LABELS: Record<FieldName, string> = {
  title: "Title",
  abstract: "Abstract",
  authorname: "Author name",
  refnumber: "Reference number",
  txnid: "Transaction ID",
  ptype: "Payment type",
  pagenumber: "Page number",
  publishdate: "Date",
  year: "Year",
  volume: "Volume",
  issue: "Issue",
  email: "Email",
  country: "Country",
  keywords: "Keywords",
  subject: "Subject",
  doi: "DOI",
  language: "Language",
  references: "References",
  author_details: "Authors' affiliations and ORCID iDs",
  pdfFile: "PDF file",
};

function isPdf(file: File): boolean {
  return file.type === "application/pdf" || (!file.type && file.name.toLowerCase().endsWith(".pdf")) || file.name.toLowerCase().endsWith(".pdf");
}

function SuccessDialog(props: { open: boolean; text: string; article: AdminArticle | null; warnings: DocumentWarning[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const a = props.article;
  return (
    <dialog ref={ref} className="modal" aria-labelledby="article-saved-title" onClose={props.onClose}>
      <div className="modal__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="article-saved-title">{props.text}</h2>
      {a && (
        <p className="modal__body">
          Reference <strong>{a.refnumber}</strong> · Vol. {pad(a.volume, 2)}, Issue {pad(a.issue, 2)} ({a.year})
        </p>
      )}
      {props.warnings.length > 0 && (
        <ul className="modal__body" role="status" data-testid="document-warnings">
          {props.warnings.map((w) => (
            <li key={w}>{DOCUMENT_WARNINGS[w]}</li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        {a?.file_url && (
          <a className="btn btn--primary" href={a.file_url} download={a.file || undefined} target="_blank" rel="noopener">
            Download PDF
          </a>
        )}
        {a && (
          <Link className="btn btn--secondary" to={issuePath(a)}>
            Go to the issue
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={props.onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

export function ArticleFormPage({ mode }: { mode: "add" | "edit" }) {
  const params = useParams();
  const routeYear = String(params.year ?? "").replace(/\D+/g, "");
  const routeVolume = String(params.volume ?? "").replace(/\D+/g, "");
  const routeIssue = String(params.issue ?? "").replace(/\D+/g, "");
  const articleId = String(params.id ?? "").replace(/\D+/g, "");

  const loaded = useResource<AdminArticle | null>(
    (signal) => (mode === "edit" ? adminJson<AdminArticle>(`/api/admin/articles/${articleId}`, { signal }) : Promise.resolve(null)),
    `${mode}:${articleId}`,
  );

  if (mode === "edit" && loaded.loading && !loaded.data) return <LoadingState label="Loading article…" />;
  if (mode === "edit" && loaded.error) {
    return (
      <>
        <PageHeader title="Edit article" back={{ to: "/admin/archives", label: "Back to archives" }} />
        {errorCode(loaded.error) === "not_found" ? (
          <section className="not-found">
            <h1>Not Found!</h1>
          </section>
        ) : (
          <ErrorState onRetry={loaded.reload} />
        )}
      </>
    );
  }
  return (
    <ArticleForm
      key={`${mode}:${articleId}:${loaded.data?.id ?? ""}`}
      mode={mode}
      initial={loaded.data ? fromArticle(loaded.data) : emptyValues(routeYear, routeVolume, routeIssue)}
      article={loaded.data ?? null}
    />
  );
}

function ArticleForm({ mode, initial, article }: { mode: "add" | "edit"; initial: ArticleValues; article: AdminArticle | null }) {
  // The version this form edits: sent with each save, so a save over someone else's newer one is refused (409 stale_edit).
  const [stamp, setStamp] = useState(article?.modification ?? "");
  const id = useId();
  const fid = (name: FieldName) => `${id}-${name}`;
  const [values, setValues] = useState<ArticleValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [serverField, setServerField] = useState<FieldName | null>(null);
  const [problems, setProblems] = useState<Map<FieldName, string>>(() => new Map());
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [saved, setSaved] = useState<AdminArticle | null>(null);
  const [warnings, setWarnings] = useState<DocumentWarning[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleEditor = useRef<Editor | null>(null);
  const abstractEditor = useRef<Editor | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const issueRef = { year: Number(initial.year), volume: Number(initial.volume), issue: Number(initial.issue) };
  const title =
    mode === "add"
      ? `Add article · Vol. ${pad(issueRef.volume, 2)}, Issue ${pad(issueRef.issue, 2)} (${issueRef.year})`
      : "Edit article";
  useTitle(mode === "add" ? "Add article" : "Edit article");

  const missing = tried ? missingFields(values, file, mode) : new Set<FieldName>();
  const invalid = (name: FieldName) => missing.has(name) || problems.has(name) || serverField === name;
  const errorText = (name: FieldName) => (missing.has(name) ? `${FIELD_LABELS[name]} is required.` : (problems.get(name) ?? null));

  function set<K extends keyof ArticleValues>(name: K, value: ArticleValues[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    if (serverField === name) setServerField(null);
    if (problems.has(name)) {
      setProblems((current) => {
        const next = new Map(current);
        next.delete(name);
        return next;
      });
    }
  }

  function pickFile(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFileError(null);
    if (serverField === "pdfFile") setServerField(null);
    if (!picked) {
      setFile(null);
      return;
    }
    if (picked.size > PDF_MAX_BYTES) {
      window.alert(FILE_TOO_LARGE);
      event.target.value = "";
      setFile(null);
      return;
    }
    if (!isPdf(picked)) {
      setFileError("Only PDF files are accepted.");
      event.target.value = "";
      setFile(null);
      return;
    }
    setFile(picked);
  }

  function showMessage(next: FlashMessage) {
    setMessage(next);
    window.requestAnimationFrame(() => messageRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || done) return;
    setTried(true);
    setServerField(null);
    const stillMissing = missingFields(values, file, mode);
    if (stillMissing.size > 0) {
      // Nothing is sent while a required field is empty (SPEC §5).
      showMessage({
        kind: "error",
        text: "Please fill in the required fields.",
        detail: [...stillMissing].map((n) => FIELD_LABELS[n]).join(", "),
      });
      const first = [...stillMissing][0];
      if (first === "title") titleEditor.current?.commands.focus();
      else if (first === "abstract") abstractEditor.current?.commands.focus();
      else document.getElementById(fid(first))?.focus();
      return;
    }
    const found = schemaProblems(values, mode);
    setProblems(found);
    if (found.size > 0) {
      const [first, text] = [...found][0]!;
      showMessage({
        kind: "error",
        text: text === "Invalid transaction id" || text === "Invalid page number" ? text : "Please correct the highlighted fields.",
      });
      if (first === "title") titleEditor.current?.commands.focus();
      else if (first === "abstract") abstractEditor.current?.commands.focus();
      else document.getElementById(fid(first))?.focus();
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, name === "title" || name === "abstract" ? value : value.trim());
    form.append("pdfFile", file!, file!.name);
    if (mode === "edit" && stamp) form.append("modification", stamp);
    setBusy(true);
    setProgress(0);
    setMessage(null);
    try {
      const path = mode === "add" ? "/api/admin/archives/" : `/api/archives/${article!.id}`;
      const body = await uploadForm<Partial<ArticleSaved> & Partial<AdminArticle>>(path, form, setProgress);
      const result = (body?.article ?? (body as AdminArticle | null)) || null;
      setSaved(result);
      setWarnings(body?.warnings ?? []);
      setDialogOpen(true);
      if (mode === "add") {
        setDone(true);
        setMessage({ kind: "success", text: "Article added successfully" });
      } else {
        setMessage({ kind: "success", text: "Article updated successfully" });
        if (result) setValues(fromArticle(result));
        if (result?.modification) setStamp(result.modification);
        // The file must be picked again for the next edit (SPEC §5).
        setFile(null);
        if (fileInput.current) fileInput.current.value = "";
        setTried(false);
      }
    } catch (error) {
      const code = errorCode(error);
      if (code === "aborted") return;
      const field = ERROR_FIELD[code] ?? null;
      setServerField(field);
      showMessage({ kind: "error", text: articleErrorMessage(code) });
      if (field === "title") titleEditor.current?.commands.focus();
      else if (field) document.getElementById(fid(field))?.focus();
    } finally {
      setBusy(false);
    }
  }

  const backTo = mode === "add" ? issuePath(issueRef) : article ? issuePath(article) : "/admin/archives";

  const text = (name: keyof ArticleValues, label: string, opts: { required?: boolean; hint?: string; type?: string; autoComplete?: string; inputMode?: "numeric" | "email" | "text" } = {}) => (
    <Field id={fid(name)} label={label} required={opts.required} hint={opts.hint} error={errorText(name)} className={invalid(name) ? "field--invalid" : undefined}>
      <input
        id={fid(name)}
        name={name}
        type={opts.type ?? "text"}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete ?? "off"}
        required={opts.required}
        aria-invalid={invalid(name) || undefined}
        aria-describedby={describedBy(fid(name), { hint: !!opts.hint, error: !!errorText(name) })}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        readOnly={done}
      />
    </Field>
  );

  return (
    <>
      <PageHeader
        title={title}
        back={{ to: backTo, label: "Back to the issue" }}
        meta={mode === "edit" && article ? `Reference ${article.refnumber} · Vol. ${pad(article.volume, 2)}, Issue ${pad(article.issue, 2)} (${article.year})` : undefined}
      />
      <div ref={messageRef}>
        <Flash message={message} onClose={() => setMessage(null)} />
      </div>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <section className="panel form__section" aria-labelledby={`${id}-s-article`}>
          <h2 id={`${id}-s-article`} className="form__section-title">
            Article
          </h2>
          <Field
            id={fid("title")}
            labelId={`${fid("title")}-label`}
            label="Title"
            required
            error={errorText("title")}
            className={invalid("title") ? "field--invalid" : undefined}
            onLabelClick={() => titleEditor.current?.commands.focus()}
          >
            <RichTextEditor
              id={fid("title")}
              labelId={`${fid("title")}-label`}
              value={values.title}
              onChange={(html) => set("title", html)}
              inline
              required
              invalid={invalid("title")}
              describedBy={describedBy(fid("title"), { error: !!errorText("title") })}
              editorRef={titleEditor}
              readOnly={done}
            />
          </Field>
          <Field
            id={fid("abstract")}
            labelId={`${fid("abstract")}-label`}
            label="Abstract"
            required
            error={errorText("abstract")}
            className={invalid("abstract") ? "field--invalid" : undefined}
            onLabelClick={() => abstractEditor.current?.commands.focus()}
          >
            <RichTextEditor
              id={fid("abstract")}
              labelId={`${fid("abstract")}-label`}
              value={values.abstract}
              onChange={(html) => set("abstract", html)}
              required
              invalid={invalid("abstract")}
              describedBy={describedBy(fid("abstract"), { error: !!errorText("abstract") })}
              editorRef={abstractEditor}
              readOnly={done}
            />
          </Field>
          {text("authorname", "Author name", { required: true, hint: "Separate several authors with commas." })}
          <div className="grid-2">
            {text("keywords", "Keywords", { hint: "Comma separated." })}
            {text("subject", "Subject")}
          </div>
        </section>

        <section className="panel form__section" aria-labelledby={`${id}-s-pub`}>
          <h2 id={`${id}-s-pub`} className="form__section-title">
            Publication
          </h2>
          <div className="grid-3">
            {text("refnumber", "Reference number", { required: true })}
            {text("pagenumber", "Page number", { required: true, hint: "For example 73-80." })}
            {text("publishdate", "Date", { required: true, type: "date" })}
          </div>
          {mode === "add" ? (
            <p className="form__static">
              Published in <strong>Vol. {pad(issueRef.volume, 2)}, Issue {pad(issueRef.issue, 2)} ({issueRef.year})</strong>
            </p>
          ) : (
            <div className="grid-3">
              {text("year", "Year", { required: true, inputMode: "numeric" })}
              {text("volume", "Volume", { required: true, inputMode: "numeric" })}
              {text("issue", "Issue", { required: true, inputMode: "numeric" })}
            </div>
          )}
        </section>

        <ArticleScholarlyFields
          idPrefix={id}
          authorname={values.authorname}
          values={values}
          onChange={(name, value) => set(name, value)}
          errorText={(name) => errorText(name)}
          readOnly={done}
        />

        <section className="panel form__section" aria-labelledby={`${id}-s-pay`}>
          <h2 id={`${id}-s-pay`} className="form__section-title">
            Payment and author
          </h2>
          <div className="grid-2">
            <Field id={fid("ptype")} label="Payment type" required error={errorText("ptype")} className={invalid("ptype") ? "field--invalid" : undefined}>
              <select
                id={fid("ptype")}
                name="ptype"
                required
                value={values.ptype}
                onChange={(e) => set("ptype", e.target.value)}
                disabled={done}
              >
                <option value="paid">Paid</option>
                <option value="free">Free</option>
              </select>
            </Field>
            {text("txnid", "Transaction ID", { required: true })}
          </div>
          <div className="grid-2">
            {text("email", "Email", { required: mode === "add", type: "email", inputMode: "email", hint: mode === "edit" ? "Optional." : undefined })}
            {text("country", "Country", { autoComplete: "country-name" })}
          </div>
        </section>

        <section className="panel form__section" aria-labelledby={`${id}-s-file`}>
          <h2 id={`${id}-s-file`} className="form__section-title">
            PDF file
          </h2>
          <Field
            id={fid("pdfFile")}
            label="Article PDF"
            required
            hint={
              mode === "edit"
                ? "Pick the PDF again to save changes. PDF only, at most 5 MB."
                : "PDF only, at most 5 MB. Downloaded as the reference number plus .pdf."
            }
            error={fileError ?? errorText("pdfFile")}
            className={invalid("pdfFile") || fileError ? "field--invalid" : undefined}
          >
            <input
              ref={fileInput}
              id={fid("pdfFile")}
              name="pdfFile"
              type="file"
              accept="application/pdf,.pdf"
              required
              aria-invalid={invalid("pdfFile") || !!fileError || undefined}
              aria-describedby={describedBy(fid("pdfFile"), { hint: true, error: !!fileError || missing.has("pdfFile") })}
              onChange={pickFile}
              disabled={done}
            />
          </Field>
          {mode === "edit" && (saved ?? article)?.file_url && !file && (
            <p className="form__static">
              Current file:{" "}
              <a href={(saved ?? article)!.file_url!} target="_blank" rel="noopener">
                {(saved ?? article)!.file}
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
        </section>

        <div className="form__actions">
          {busy && (
            <div className="progress" role="progressbar" aria-label="Uploading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
              <div className="progress__bar" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
          {!done && (
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? (
                <>
                  <Spinner /> {progress < 1 ? `Uploading ${Math.round(progress * 100)}%` : "Saving…"}
                </>
              ) : (
                "Submit"
              )}
            </button>
          )}
          {done && (
            <Link to={backTo} className="btn btn--secondary">
              Back to the issue
            </Link>
          )}
        </div>
      </form>
      <SuccessDialog
        open={dialogOpen}
        text={mode === "add" ? "Article added successfully" : "Article updated successfully"}
        article={saved}
        warnings={warnings}
        onClose={() => setDialogOpen(false)}
      />
    </>
  );
}
