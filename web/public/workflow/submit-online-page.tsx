// /article: the Submit Online form (SPEC §2). It posts to POST /api/submissions (docs/api.md) and shows the
// reference the journal stored the manuscript under; every failure gets a message that says what to do.
// One submission per form (issue 25 item 8): the form makes a key when it renders and sends it with every try
// (Idempotency-Key), so a double click or a retry after a lost answer is stored once and shows one reference;
// and the button is disabled from the first click, before the file is even checked.
import "#contract/zod-config"; // first: Zod parses here and must never probe for eval under our CSP (issue 25 item 9)
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { PDF_MAX_BYTES, SUBMIT_COUNTRIES } from "#contract/constants";
import {
  SOURCE_FILE_MAX_BYTES,
  SPEC_FIELDS,
  SUBMISSION_KEY_HEADER,
  submissionDetailsInput,
  submissionDetailsSchema,
  submissionFieldsSchema,
  type SubmissionCreated,
  type SubmissionField,
} from "#contract/submission";
import { ConsentFields, SubmissionDetailsFields } from "./submission-details-fields";
import { CheckIcon } from "../../components/icons";
import { ApiError, postForm } from "../../lib/api";
import { useSettings } from "../journal-context";
import { usePageData } from "../../lib/page-data";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";
import type { MessageId, Translator } from "#contract/i18n/messages";
import { useTranslator } from "../../lib/i18n";

type FormField = SubmissionField | "pdfFile" | "docxFile";
type FieldErrors = Partial<Record<FormField, string>>;

const FIELD_MESSAGES: Record<SubmissionField, MessageId> = {
  name: "submit.error.name",
  email: "submit.error.email",
  country: "submit.error.country",
  phone: "submit.error.phone",
  address: "submit.error.address",
  title: "submit.error.title",
  abstract: "submit.error.abstract",
  keywords: "submit.error.keywords",
  section: "submit.error.section",
  coAuthors: "submit.error.coAuthors",
  coverLetter: "submit.error.coverLetter",
};
const NOT_DOCX: MessageId = "submit.error.notDocx";
const DOCX_TOO_LARGE: MessageId = "submit.error.docxTooLarge";
const FILE_TOO_LARGE: MessageId = "submit.error.fileTooLarge";
const NOT_PDF: MessageId = "submit.error.notPdf";
const NO_FILE: MessageId = "submit.error.noFile";

/** A fresh key for one submission (crypto.randomUUID needs a secure context; plain http falls back to the same
 * 122 random bits written as hex). */
function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function startsWith(file: File, signature: string): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, signature.length).arrayBuffer());
  return String.fromCharCode(...head) === signature;
}
const looksLikePdf = (file: File) => startsWith(file, "%PDF-");
/** A .docx is a zip (the server checks the rest: its parts and their types). */
const looksLikeZip = (file: File) => startsWith(file, "PK\x03\x04");

/** What is wrong with the chosen Word file, if anything (none chosen is fine: it is optional). */
async function sourceFileProblem(t: Translator["t"], file: File | undefined): Promise<string | undefined> {
  if (!file || file.size === 0) return undefined;
  if (file.size > SOURCE_FILE_MAX_BYTES) return t(DOCX_TOO_LARGE);
  return (await looksLikeZip(file)) ? undefined : t(NOT_DOCX);
}

function messageFor(t: Translator["t"], err: unknown, email: string | undefined): string {
  const mailHint = email ? ` ${t("submit.error.mailHint", { email })}` : "";
  if (!(err instanceof ApiError)) return `${t("submit.error.generic")}${mailHint}`;
  switch (err.code) {
    case "missing_file":
      return t(NO_FILE);
    case "invalid_file_type":
      return t(NOT_PDF);
    case "file_too_large":
    case "payload_too_large":
      return t(FILE_TOO_LARGE);
    case "invalid_docx":
      return t(NOT_DOCX);
    case "docx_too_large":
      return t(DOCX_TOO_LARGE);
    case "too_many_submissions":
      return `${t("submit.error.tooMany")}${mailHint}`;
    case "invalid_input":
      return t("submit.error.correctFields");
    case "control_characters":
      return t("submit.error.oneLine");
    case "forbidden_origin":
      return t("submit.error.origin");
    case "network":
      return `${t("submit.error.network")}${mailHint}`;
    default:
      return `${t("submit.error.generic")}${mailHint}`;
  }
}

export function SubmitOnlinePage() {
  const s = useSettings();
  const { t, lang } = useTranslator();
  // After a post without JavaScript (worker/workflow/submit-form.routes.ts) the page opens with its outcome.
  const outcome = usePageData("submit");
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const sourceRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() => Object.fromEntries(outcome.fields.map((f) => [f, t(FIELD_MESSAGES[f])])));
  const [formError, setFormError] = useState<string | null>(() =>
    outcome.error ? messageFor(t, new ApiError(0, outcome.error), s?.websiteemail) : null,
  );
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(outcome.received);
  // Made in the browser when the form renders (never in the Worker's HTML, which every visitor shares).
  const submissionKey = useRef<string | null>(null);
  useEffect(() => {
    submissionKey.current = newSubmissionKey();
  }, []);
  // Set on the first click, synchronously: a second click arriving while the file is checked finds it set.
  const inFlight = useRef(false);

  const fail = (message: string, fieldErrors: FieldErrors = {}) => {
    setFormError(message);
    setErrors(fieldErrors);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    let problem: string | null = null;
    if (file.size > PDF_MAX_BYTES) problem = t(FILE_TOO_LARGE);
    else if (!(await looksLikePdf(file))) problem = t(NOT_PDF);
    setErrors((prev) => ({ ...prev, pdfFile: problem ?? undefined }));
    if (problem) e.target.value = ""; // clear the selection, as the admin form does
  };

  const onSourceFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const problem = await sourceFileProblem(t, e.target.files?.[0]);
    setErrors((prev) => ({ ...prev, docxFile: problem }));
    if (problem) e.target.value = "";
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await send(new FormData(e.currentTarget));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const send = async (data: FormData) => {
    const parsed = submissionFieldsSchema.safeParse(Object.fromEntries(SPEC_FIELDS.map((k) => [k, String(data.get(k) ?? "")])));
    const details = submissionDetailsSchema.safeParse(submissionDetailsInput(data));
    const fieldErrors: FieldErrors = {};
    for (const issue of [...(parsed.error?.issues ?? []), ...(details.error?.issues ?? [])])
      fieldErrors[issue.path[0] as SubmissionField] = t(FIELD_MESSAGES[issue.path[0] as SubmissionField]);
    const file = fileRef.current?.files?.[0];
    if (!file) fieldErrors.pdfFile = t(NO_FILE);
    else if (file.size > PDF_MAX_BYTES) fieldErrors.pdfFile = t(FILE_TOO_LARGE);
    else if (!(await looksLikePdf(file))) fieldErrors.pdfFile = t(NOT_PDF);
    const sourceProblem = await sourceFileProblem(t, sourceRef.current?.files?.[0]);
    if (sourceProblem) fieldErrors.docxFile = sourceProblem;
    if (Object.keys(fieldErrors).length) return fail(t("submit.error.correctFields"), fieldErrors);

    setFormError(null);
    setErrors({});
    submissionKey.current ??= newSubmissionKey();
    try {
      const res = await postForm<SubmissionCreated>(apiPath(workflowApi.submit), data, { [SUBMISSION_KEY_HEADER]: submissionKey.current });
      setReference(res.reference);
      formRef.current?.reset();
      // The next submission from this page (if any) is a new one.
      submissionKey.current = newSubmissionKey();
    } catch (err) {
      console.error("submission failed", err);
      const apiFields = err instanceof ApiError && Array.isArray(err.body.fields) ? (err.body.fields as SubmissionField[]) : [];
      const fe: FieldErrors = Object.fromEntries(apiFields.filter((f) => f in FIELD_MESSAGES).map((f) => [f, t(FIELD_MESSAGES[f])]));
      if (err instanceof ApiError && ["missing_file", "invalid_file_type", "file_too_large"].includes(err.code))
        fe.pdfFile = messageFor(t, err, undefined);
      if (err instanceof ApiError && ["invalid_docx", "docx_too_large"].includes(err.code)) fe.docxFile = messageFor(t, err, undefined);
      fail(messageFor(t, err, s?.websiteemail), fe);
    }
  };

  const field = (name: FormField) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  const errorText = (name: FormField) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  if (reference) {
    return (
      <article className="page">
        <header className="page__header">
          <h1 className="page__title">{t("site.submitOnline")}</h1>
        </header>
        <div className="notice notice--success" role="status" data-testid="submission-success">
          <CheckIcon width={22} height={22} />
          <div>
            <p className="notice__title">
              {t("submit.received")} <strong dir="ltr">{reference}</strong>
            </p>
            <p>{s?.websiteemail ? t("submit.keepReferenceMail", { email: s.websiteemail }) : t("submit.keepReference")}</p>
            <p data-testid="submission-acknowledgement" style={{ marginTop: "0.6em" }}>
              {t("submit.acknowledgement")}
            </p>
          </div>
        </div>
        <p>
          <button type="button" className="button button--ghost" onClick={() => setReference(null)}>
            {t("submit.another")}
          </button>
        </p>
      </article>
    );
  }

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("site.submitOnline")}</h1>
        <p className="page__lead">{t("submit.lead")}</p>
      </header>

      <div ref={summaryRef} tabIndex={-1} className="form-summary">
        {formError && (
          <p className="notice notice--error" role="alert" data-testid="submission-error">
            {formError}
          </p>
        )}
      </div>

      <form
        ref={formRef}
        className="form"
        action="/article"
        method="post"
        onSubmit={submit}
        noValidate
        encType="multipart/form-data"
        aria-busy={sending}
      >
        {/* The language the journal writes to the author in (docs/decisions/0384). */}
        <input type="hidden" name="language" value={lang} />
        <div className="form__grid">
          <div className="field">
            <label htmlFor="sub-name">
              {t("submit.name")} <span aria-hidden>*</span>
            </label>
            <input id="sub-name" name="name" autoComplete="name" required maxLength={200} {...field("name")} />
            {errorText("name")}
          </div>
          <div className="field">
            <label htmlFor="sub-email">
              {t("submit.email")} <span aria-hidden>*</span>
            </label>
            <input id="sub-email" name="email" type="email" autoComplete="email" required maxLength={254} {...field("email")} />
            {errorText("email")}
          </div>
          <div className="field">
            <label htmlFor="sub-country">{t("list.country")}</label>
            <select id="sub-country" name="country" defaultValue="" {...field("country")}>
              <option value="">{t("submit.selectCountry")}</option>
              {SUBMIT_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {errorText("country")}
          </div>
          <div className="field">
            <label htmlFor="sub-phone">{t("submit.phone")}</label>
            <input id="sub-phone" name="phone" type="tel" autoComplete="tel" maxLength={40} {...field("phone")} />
            {errorText("phone")}
          </div>
        </div>
        <div className="field">
          <label htmlFor="sub-address">{t("submit.address")}</label>
          <textarea id="sub-address" name="address" rows={4} maxLength={2000} {...field("address")} />
          {errorText("address")}
        </div>
        <div className="field">
          <label htmlFor="sub-title">
            {t("submit.title")} <span aria-hidden>*</span>
          </label>
          <input id="sub-title" name="title" required maxLength={500} {...field("title")} />
          {errorText("title")}
        </div>
        <div className="field">
          <label htmlFor="sub-file">
            {t("submit.file")} <span className="field__hint">{t("submit.pdfOnly")}</span> <span aria-hidden>*</span>
          </label>
          <input
            ref={fileRef}
            id="sub-file"
            name="pdfFile"
            type="file"
            accept="application/pdf,.pdf"
            required
            onChange={onFile}
            {...field("pdfFile")}
          />
          <p className="field__help">{t("submit.fileHelp")}</p>
          {errorText("pdfFile")}
        </div>
        <SubmissionDetailsFields
          sections={outcome.sections}
          field={field}
          errorText={errorText}
          hasError={(name) => Boolean(errors[name])}
          sourceRef={sourceRef}
          onSourceFile={onSourceFile}
        />
        <ConsentFields />
        <div className="form__actions">
          <button type="submit" className="button button--large" disabled={sending}>
            {sending ? t("submit.sending") : t("submit.submit")}
          </button>
        </div>
      </form>
    </article>
  );
}
