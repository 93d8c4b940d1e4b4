// /admin/settings (SPEC §2 settings form, §8): the six fields loaded on open, plus the other settings a journal
// needs (home content, address, formatted name, fees). Saved with POST /api/settings.
import { useRef, type FormEvent } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { Editor } from "@tiptap/react";
import type { Settings } from "#contract/api";
import { settingsSchema } from "#contract/admin";
import { adminJson } from "../admin-api";
import { saveErrorDetail, saveErrorMessage } from "../save-errors";
import { Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { DraftNotice, SelectField, SubmitButton, TextField, useZodForm } from "../form-kit";
import { LoadError } from "../admin-root";
import { loadAdminJsonOrNull } from "../loaders";
import { RichTextField } from "../rich-text-field";
import { JournalImages } from "./journal-images";
import { SiteLanguages } from "./site-languages";
import { DEFAULT_LICENSE, LICENSES } from "#contract/scholarly";
import { apiPath } from "#contract/routes/endpoint";
import { settingsApi } from "#contract/routes/journals";

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
  interface_language: "en",
  interface_languages: "en",
  logo_url: "",
  cover_image_url: "",
  certificate_image_url: "",
  apc_policy: "",
  waiver_policy: "",
  review_process: "",
  plagiarism_policy: "",
  // Site pages: edited on /admin/site (site-pages-page.tsx), never sent from this form.
  instructions_content: "",
  policies_content: "",
  contact_content: "",
  copyright_form_url: "",
};

/** What to say next to a field the schema refused. */
const PROBLEM_TEXT: Partial<Record<keyof Settings, string>> = {
  domain: "Enter a host name such as journal.example.org.",
  doi_prefix: "Enter a DOI prefix such as 10.12345.",
  issn_print: "Enter a valid ISSN such as 2049-3630 (the last digit is a check digit).",
  issn_online: "Enter a valid ISSN such as 2049-3630 (the last digit is a check digit).",
  language: "Enter a language code such as en or pt-BR.",
  interface_language: "Choose a primary language among the languages the site offers.",
  interface_languages: "Offer at least one language.",
};

const MAIN_FIELDS: { name: keyof Settings; label: string; type?: string; hint?: string }[] = [
  { name: "websitename", label: "Journal Name" },
  { name: "websiteemail", label: "EMAIL", type: "email" },
  { name: "impactfactor", label: "Impact Factor" },
  { name: "issn", label: "ISSN", hint: "Shown on the site. Made from the Print and Online ISSN below once either is filled." },
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

/** The stored settings; a failed load is logged and leaves the form empty with "Something went wrong" (null). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJsonOrNull<Settings | { settings: Settings }>(apiPath(settingsApi.read), request, "Loading settings failed");
}

export function SettingsPage() {
  useTitle("Settings");
  const body = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Settings" back={{ to: "/admin", label: "Back to the dashboard" }} />
      {body ? (
        <SettingsForm initial={pick("settings" in body ? body.settings : body)} />
      ) : (
        <SettingsForm initial={EMPTY} flash={{ kind: "error", text: "Something went wrong" }} />
      )}
      {body ? <JournalImages initial={"settings" in body ? body.settings : body} /> : null}
    </>
  );
}

function SettingsError() {
  useTitle("Settings");
  return <LoadError title="Settings" />;
}

export const route = { loader, Component: SettingsPage, ErrorBoundary: SettingsError };

function SettingsForm(props: { initial: Settings; flash?: FlashMessage }) {
  const form = useZodForm<Settings>({
    initial: props.initial,
    schema: settingsSchema,
    // The licence URL is derived from the licence, never sent.
    input: ({ license_url: _url, ...sent }) => sent,
    problemText: (name) => PROBLEM_TEXT[name] ?? "This value is too long.",
    flash: props.flash,
    draft: "settings",
  });
  const id = form.idPrefix;
  const homeEditor = useRef<Editor | null>(null);
  const addressEditor = useRef<Editor | null>(null);

  async function submit(event: FormEvent) {
    // The server checks the same schema; mirroring it here points at the field instead of a bare error.
    const sent = await form.submit(event, {
      send: async () => {
        // The site pages are edited on their own page: this form never sends its (possibly stale) copy of them.
        const { license_url: _derived, instructions_content: _i, policies_content: _p, contact_content: _c, ...values } = form.values;
        const body = await adminJson<{ settings?: Settings }>(apiPath(settingsApi.save), { json: values });
        if (body?.settings) form.setValues(pick(body.settings));
        form.setFlash({ kind: "success", text: "Settings updated successfully" });
      },
      onError: (error, code) => {
        if (code === "invalid_input" && !form.values.interface_languages.split(",").includes(form.values.interface_language)) {
          form.refuse("interface_language", PROBLEM_TEXT.interface_language ?? "");
          form.setFlash({ kind: "error", text: PROBLEM_TEXT.interface_language ?? "" });
          return;
        }
        if (code === "domain_not_assigned") {
          // Hosts are assigned by the site operator (docs/decisions/0060-host-assignment.md); say so at the field.
          form.refuse("domain", DOMAIN_NOT_ASSIGNED);
          form.setFlash({ kind: "error", text: DOMAIN_NOT_ASSIGNED });
          return;
        }
        console.error("Saving settings failed", error);
        form.setFlash({ kind: "error", text: saveErrorMessage(code), detail: saveErrorDetail(code) });
      },
    });
    if (sent) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  const input = (name: keyof Settings, label: string, hint?: string, type?: string) => (
    <TextField key={name} field={form.field(name)} label={label} hint={hint} type={type} />
  );
  return (
    <>
      <Flash message={form.flash} onClose={() => form.setFlash(null)} />
      <DraftNotice draft={form.draft} />
      <form className="form" onSubmit={submit} noValidate aria-busy={form.busy || undefined}>
        <section className="panel form__section" aria-labelledby={`${id}-journal`}>
          <h2 id={`${id}-journal`} className="form__section-title">
            Journal
          </h2>
          <div className="grid-2">{MAIN_FIELDS.map((f) => input(f.name, f.label, f.hint, f.type))}</div>
        </section>
        <section className="panel form__section" aria-labelledby={`${id}-scholarly`}>
          <h2 id={`${id}-scholarly`} className="form__section-title">
            Scholarly metadata
          </h2>
          <p className="field__hint">Used in article meta tags, citation downloads, OAI-PMH, the feed and Crossref deposits.</p>
          <div className="grid-2">
            {input("publisher", "Publisher")}
            {input("doi_prefix", "DOI prefix", "Your Crossref prefix, e.g. 10.12345. New articles get prefix/reference number.")}
            {input("issn_print", "Print ISSN", "e.g. 2394-5869")}
            {input("issn_online", "Online ISSN", "e.g. 2394-7500")}
            {input("language", "Language", "Language code of the articles, e.g. en.")}
            <SelectField
              field={form.field("license")}
              label="Licence"
              hint="Creative Commons licence of the published articles."
              options={LICENSES.map((l) => ({ value: l.key, label: l.label }))}
            />
          </div>
        </section>
        <SiteLanguages primary={form.field("interface_language")} offered={form.field("interface_languages")} />
        <section className="panel form__section" aria-labelledby={`${id}-policies`}>
          <h2 id={`${id}-policies`} className="form__section-title">
            Journal policies
          </h2>
          <p className="field__hint">What DOAJ asks of a journal besides its licence. Shown to authors on the Instructions page.</p>
          <TextField
            field={form.field("apc_policy")}
            label="Article processing charges"
            hint="Whether authors pay a fee, how much and when; or that there is none."
            rows={3}
          />
          <TextField
            field={form.field("waiver_policy")}
            label="Waiver policy"
            hint="Who can have the fee waived or reduced, and how to ask."
            rows={3}
          />
          <TextField
            field={form.field("review_process")}
            label="Review process"
            hint="The kind of peer review (e.g. double anonymous) and how it runs."
            rows={3}
          />
          <TextField
            field={form.field("plagiarism_policy")}
            label="Plagiarism policy"
            hint="How submissions are screened for plagiarism, and with which tool."
            rows={3}
          />
        </section>
        <section className="panel form__section" aria-labelledby={`${id}-site`}>
          <h2 id={`${id}-site`} className="form__section-title">
            Home page, contact and fees
          </h2>
          {input(
            "formatted_journal_name",
            "Formatted journal name",
            "The short form of the name: shown under the name in the site's header and given to indexers as the journal's abbreviation.",
          )}
          <RichTextField field={form.field("home_content")} label="Home content" editorRef={homeEditor} />
          <RichTextField field={form.field("address")} label="Address" editorRef={addressEditor} />
          <div className="grid-2">
            {input("fee_rupee", "Fee (INR)", "Shown to authors from India.")}
            {input("fee_dollar", "Fee (USD)", "Shown to authors from other countries.")}
          </div>
        </section>
        <div className="form__actions">
          <SubmitButton busy={form.busy} />
        </div>
      </form>
    </>
  );
}
