// /admin/settings (SPEC §2 settings form, §8): the six fields loaded on open, plus the other settings a journal
// needs (home content, address, formatted name, fees). Saved with POST /api/settings.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Editor } from "@tiptap/react";
import type { Settings } from "../../worker/schemas/api";
import { settingsSchema } from "../../worker/schemas/admin";
import { adminJson, errorCode, isAbort } from "./admin-api";
import { saveErrorMessage } from "./save-errors";
import { describedBy, Field, Flash, LoadingState, PageHeader, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { RichTextEditor } from "./rich-text-editor";
import { DEFAULT_LICENSE, LICENSES } from "../../worker/schemas/scholarly";

const EMPTY: Settings = {
  websitename: "",
  websiteemail: "",
  impactfactor: "",
  issn: "",
  whatsup_number: "",
  domain: "",
  home_content: "",
  address: "",
  formatted_journal_name: "",
  fee_rupee: "",
  fee_dollar: "",
  publisher: "",
  doi_prefix: "",
  license: DEFAULT_LICENSE,
  license_url: "",
  issn_print: "",
  issn_online: "",
  language: "en",
};

/** What to say next to a field the schema refused. */
const PROBLEM_TEXT: Partial<Record<keyof Settings, string>> = {
  domain: "Enter a host name such as journal.example.org.",
  doi_prefix: "Enter a DOI prefix such as 10.12345.",
  issn_print: "Enter a valid ISSN such as 2049-3630 (the last digit is a check digit).",
  issn_online: "Enter a valid ISSN such as 2049-3630 (the last digit is a check digit).",
  language: "Enter a language code such as en or pt-BR.",
};

const MAIN_FIELDS: { name: keyof Settings; label: string; type?: string; hint?: string }[] = [
  { name: "websitename", label: "Journal Name" },
  { name: "websiteemail", label: "EMAIL", type: "email" },
  { name: "impactfactor", label: "Impact Factor" },
  { name: "issn", label: "ISSN", hint: "Print and online ISSN separated by a comma." },
  { name: "whatsup_number", label: "Whatsapp", type: "tel" },
  { name: "domain", label: "Domain", hint: "One of the addresses the site operator assigned to this journal." },
];

const DOMAIN_NOT_ASSIGNED =
  "This domain is not one of this journal's web addresses. Choose one the site already answers on, or ask the site operator to add it.";

function pick(source: Partial<Settings> | null | undefined): Settings {
  const out = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Settings)[]) {
    const value = source?.[key];
    out[key] = value === null || value === undefined ? "" : String(value);
  }
  return out;
}

export function SettingsPage() {
  useTitle("Settings");
  const id = useId();
  const [values, setValues] = useState<Settings>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const homeEditor = useRef<Editor | null>(null);
  const addressEditor = useRef<Editor | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    adminJson<Settings | { settings: Settings }>("/api/settings/", { signal: controller.signal })
      .then((body) => setValues(pick("settings" in body ? body.settings : body)))
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        console.error("Loading settings failed", error);
        setMessage({ kind: "error", text: "Something went wrong" });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const set = (name: keyof Settings, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (problems.has(name)) setProblems((current) => new Map([...current].filter(([key]) => key !== name)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The server checks the same schema; mirroring it here points at the field instead of a bare error.
    const { license_url: _url, ...checked } = values;
    const parsed = settingsSchema.safeParse(checked);
    if (!parsed.success) {
      const found = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "");
        if (name && !found.has(name)) {
          found.set(name, PROBLEM_TEXT[name as keyof Settings] ?? "This value is too long.");
        }
      }
      setProblems(found);
      document.getElementById(`${id}-${[...found.keys()][0]}`)?.focus();
      return;
    }
    setProblems(new Map());
    setBusy(true);
    setMessage(null);
    try {
      const { license_url: _derived, ...sent } = values;
      const body = await adminJson<{ settings?: Settings }>("/api/settings", { json: sent });
      if (body?.settings) setValues(pick(body.settings));
      setMessage({ kind: "success", text: "Settings updated successfully" });
    } catch (error) {
      if (errorCode(error) === "domain_not_assigned") {
        // Hosts are assigned by the site operator (docs/decisions/0060-host-assignment.md); say so at the field.
        setProblems(new Map([["domain", DOMAIN_NOT_ASSIGNED]]));
        setMessage({ kind: "error", text: DOMAIN_NOT_ASSIGNED });
        document.getElementById(`${id}-domain`)?.focus();
        return;
      }
      console.error("Saving settings failed", error);
      setMessage({ kind: "error", text: saveErrorMessage(errorCode(error)) });
    } finally {
      setBusy(false);
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  }

  const input = (name: keyof Settings, label: string, type = "text", hint?: string) => (
    <Field key={name} id={`${id}-${name}`} label={label} hint={hint} error={problems.get(name) ?? null}>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={problems.has(name) || undefined}
        aria-describedby={describedBy(`${id}-${name}`, { hint: !!hint, error: problems.has(name) })}
        autoComplete="off"
      />
    </Field>
  );

  return (
    <>
      <PageHeader title="Settings" back={{ to: "/admin", label: "Back to the dashboard" }} />
      <Flash message={message} onClose={() => setMessage(null)} />
      {loading ? (
        <LoadingState label="Loading settings…" />
      ) : (
        <form className="form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <section className="panel form__section" aria-labelledby={`${id}-journal`}>
            <h2 id={`${id}-journal`} className="form__section-title">
              Journal
            </h2>
            <div className="grid-2">{MAIN_FIELDS.map((f) => input(f.name, f.label, f.type, f.hint))}</div>
          </section>
          <section className="panel form__section" aria-labelledby={`${id}-scholarly`}>
            <h2 id={`${id}-scholarly`} className="form__section-title">
              Scholarly metadata
            </h2>
            <p className="field__hint">Used in article meta tags, citation downloads, OAI-PMH, the feed and Crossref deposits.</p>
            <div className="grid-2">
              {input("publisher", "Publisher")}
              {input("doi_prefix", "DOI prefix", "text", "Your Crossref prefix, e.g. 10.12345. New articles get prefix/reference number.")}
              {input("issn_print", "Print ISSN", "text", "e.g. 2394-5869")}
              {input("issn_online", "Online ISSN", "text", "e.g. 2394-7500")}
              {input("language", "Language", "text", "Language code of the articles, e.g. en.")}
              <Field id={`${id}-license`} label="Licence" hint="Creative Commons licence of the published articles.">
                <select
                  id={`${id}-license`}
                  name="license"
                  value={values.license}
                  onChange={(e) => set("license", e.target.value)}
                  aria-describedby={describedBy(`${id}-license`, { hint: true, error: false })}
                >
                  {LICENSES.map((l) => (
                    <option key={l.key} value={l.key}>
                      {l.label}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </section>
          <section className="panel form__section" aria-labelledby={`${id}-site`}>
            <h2 id={`${id}-site`} className="form__section-title">
              Home page, contact and fees
            </h2>
            {input("formatted_journal_name", "Formatted journal name", "text", "The name as printed on certificates and cover pages.")}
            <Field
              id={`${id}-home_content`}
              labelId={`${id}-home_content-label`}
              label="Home content"
              onLabelClick={() => homeEditor.current?.commands.focus()}
            >
              <RichTextEditor
                id={`${id}-home_content`}
                labelId={`${id}-home_content-label`}
                value={values.home_content}
                onChange={(html) => set("home_content", html)}
                editorRef={homeEditor}
              />
            </Field>
            <Field
              id={`${id}-address`}
              labelId={`${id}-address-label`}
              label="Address"
              onLabelClick={() => addressEditor.current?.commands.focus()}
            >
              <RichTextEditor
                id={`${id}-address`}
                labelId={`${id}-address-label`}
                value={values.address}
                onChange={(html) => set("address", html)}
                editorRef={addressEditor}
              />
            </Field>
            <div className="grid-2">
              {input("fee_rupee", "Fee (INR)", "text", "Shown to authors from India.")}
              {input("fee_dollar", "Fee (USD)", "text", "Shown to authors from other countries.")}
            </div>
          </section>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? (
                <>
                  <Spinner /> Saving…
                </>
              ) : (
                "Submit"
              )}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
