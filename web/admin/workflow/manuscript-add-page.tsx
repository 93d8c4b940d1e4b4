// /admin/manuscripts/add: a manuscript that came by e-mail, added by staff with the Submit Online fields and its PDF;
// the author gets the same acknowledgement (unless staff untick it). What is typed is kept as a local draft.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { uploadForm } from "../admin-api";
import { Field, PageHeader, Spinner, useTitle } from "../admin-ui";
import { useDraft } from "../form-kit/use-draft";
import { DraftNotice } from "../form-kit";
import { SUBMIT_COUNTRIES } from "#contract/constants";
import { PDF_MAX_BYTES } from "#contract/constants";
import type { ManuscriptDetail } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { errorCode } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

const FIELD_TEXT: Record<string, string> = {
  name: "the author's name",
  email: "a valid e-mail address",
  title: "the title",
  country: "a country from the list",
};

export function ManuscriptAddPage() {
  useTitle("Add manuscript");
  const navigate = useNavigate();
  const blank = { name: "", email: "", country: "", phone: "", address: "", title: "", notify: true };
  const [values, setValues] = useState(blank);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft("manuscript:add", values, blank, setValues);
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValues({ ...values, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError("Choose the manuscript's PDF.");
    setBusy(true);
    setError(null);
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, k === "notify" ? (v ? "yes" : "no") : String(v));
    form.set("pdfFile", file);
    try {
      const m = await uploadForm<ManuscriptDetail>(apiPath(workflowApi.addManuscript), form);
      setValues(blank);
      navigate(`/admin/manuscripts/${m.id}`);
    } catch (err) {
      const code = errorCode(err);
      const fields = (err as { body?: { fields?: string[] } }).body?.fields;
      setError(
        code === "invalid_input" && fields?.length
          ? `Please enter ${fields.map((f) => FIELD_TEXT[f] ?? f).join(", ")}.`
          : code === "invalid_file_type"
            ? "The file is not a PDF."
            : code === "file_too_large"
              ? "File size exceeds the limit of 5 MB."
              : workflowMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Add manuscript"
        back={{ to: "/admin/manuscripts", label: "Back to manuscripts" }}
        meta="For a manuscript that came by e-mail"
      />
      <DraftNotice draft={draft} note="They are not saved yet. The PDF file must be picked again." />
      <form className="form form--narrow panel" onSubmit={submit}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Field id="ma-name" label="Author's name">
          <input id="ma-name" required value={values.name} onChange={set("name")} />
        </Field>
        <Field id="ma-email" label="Author's e-mail">
          <input id="ma-email" type="email" required value={values.email} onChange={set("email")} />
        </Field>
        <Field id="ma-country" label="Country">
          <select id="ma-country" value={values.country} onChange={set("country")}>
            <option value="">Select Country</option>
            {SUBMIT_COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <Field id="ma-phone" label="Phone">
          <input id="ma-phone" value={values.phone} onChange={set("phone")} />
        </Field>
        <Field id="ma-address" label="Institute address">
          <textarea id="ma-address" rows={3} value={values.address} onChange={set("address")} />
        </Field>
        <Field id="ma-title" label="Title of the submission">
          <input id="ma-title" required value={values.title} onChange={set("title")} />
        </Field>
        <Field id="ma-file" label="Manuscript PDF">
          <input
            id="ma-file"
            type="file"
            accept="application/pdf,.pdf"
            required
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              if (f && f.size > PDF_MAX_BYTES) {
                window.alert("File size exceeds the limit of 5 MB.");
                e.target.value = "";
                setFile(null);
                return;
              }
              setFile(f);
            }}
          />
          <p className="field__hint">PDF only, at most 5 MB.</p>
        </Field>
        <label className="checkbox">
          <input type="checkbox" checked={values.notify} onChange={(e) => setValues({ ...values, notify: e.target.checked })} /> E-mail the
          author the acknowledgement with the reference and the link to follow the manuscript
        </label>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? <Spinner /> : null} Add manuscript
          </button>
        </div>
      </form>
    </>
  );
}

export const route = { Component: ManuscriptAddPage };
