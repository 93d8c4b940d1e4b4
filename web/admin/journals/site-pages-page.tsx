// /admin/site: the journal's own site pages (issue 37 item 4, docs/decisions/0202): instructions to authors, policies
// and the contact page, in the rich-text editor with headings, lists and links; saved with POST /api/settings (only
// these fields, so a Settings form open elsewhere is never overwritten by them). Each shows on its public page at once.
// The spec's facts on /instructions (MS Word, 5 authors, 50 references, the fee table, the copyright form) are shown
// by the page itself around this text. Journal managers only.
import { useRef, type FormEvent } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { Editor } from "@tiptap/react";
import type { Settings } from "#contract/api";
import { settingsSchema } from "#contract/admin";
import { SITE_PAGES, SITE_PAGE_FIELDS, type SitePageField } from "#contract/site-content";
import { adminJson } from "../admin-api";
import { saveErrorDetail, saveErrorMessage } from "../save-errors";
import { Flash, PageHeader, useTitle } from "../admin-ui";
import { DraftNotice, SubmitButton, useZodForm } from "../form-kit";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { RichTextField } from "../rich-text-field";
import { CopyrightFormUpload } from "./copyright-form-upload";
import { apiPath } from "#contract/routes/endpoint";
import { settingsApi } from "#contract/routes/journals";

type SitePages = Record<SitePageField, string>;

const schema = settingsSchema.pick({ instructions_content: true, policies_content: true, contact_content: true });

const HINTS: Record<SitePageField, string> = {
  instructions_content:
    "Shown on Instructions to Authors, between the submission requirements (MS Word, at most 5 authors and 50 references) and the fee table, which the page always shows.",
  policies_content: "Peer review, open access and licence, ethics, fees and waivers. Shown on Policies and in the instructions.",
  contact_content: "The words above the address, phone and e-mail on Contact Us.",
};

const pagesOf = (s: Settings): SitePages => ({
  instructions_content: s.instructions_content,
  policies_content: s.policies_content,
  contact_content: s.contact_content,
});

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<Settings>(apiPath(settingsApi.read), request);
}

export function SitePagesPage() {
  useTitle("Site pages");
  const settings = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Site pages" back={{ to: "/admin", label: "Back to the dashboard" }} />
      <SitePagesForm initial={pagesOf(settings)} />
      <CopyrightFormUpload url={settings.copyright_form_url} />
    </>
  );
}

function SitePagesForm(props: { initial: SitePages }) {
  const form = useZodForm<SitePages>({
    initial: props.initial,
    schema,
    problemText: () => "This text is too long.",
    draft: "site-pages",
  });
  const editors = {
    instructions_content: useRef<Editor | null>(null),
    policies_content: useRef<Editor | null>(null),
    contact_content: useRef<Editor | null>(null),
  };

  async function submit(event: FormEvent) {
    const sent = await form.submit(event, {
      send: async () => {
        const body = await adminJson<{ settings?: Settings }>(apiPath(settingsApi.save), { json: form.values });
        if (body?.settings) form.setValues(pagesOf(body.settings));
        form.setFlash({ kind: "success", text: "Site pages updated successfully" });
      },
      onError: (error, code) => {
        console.error("Saving the site pages failed", error);
        form.setFlash({ kind: "error", text: saveErrorMessage(code), detail: saveErrorDetail(code) });
      },
    });
    if (sent) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  return (
    <>
      <Flash message={form.flash} onClose={() => form.setFlash(null)} />
      <DraftNotice draft={form.draft} />
      <form className="form" onSubmit={submit} noValidate aria-busy={form.busy || undefined}>
        {SITE_PAGE_FIELDS.map((name) => (
          <section key={name} className="panel form__section" aria-labelledby={`${form.idPrefix}-${name}-section`}>
            <h2 id={`${form.idPrefix}-${name}-section`} className="form__section-title">
              {SITE_PAGES[name].label}{" "}
              <Link className="section-link" to={SITE_PAGES[name].path} target="_blank" rel="noopener">
                View page
              </Link>
            </h2>
            <RichTextField
              page
              field={form.field(name)}
              label={`${SITE_PAGES[name].label} text`}
              hint={HINTS[name]}
              editorRef={editors[name]}
            />
          </section>
        ))}
        <div className="form__actions">
          <SubmitButton busy={form.busy} />
        </div>
      </form>
    </>
  );
}

function SitePagesError() {
  useTitle("Site pages");
  return <LoadError title="Site pages" />;
}

export const route = { loader, Component: SitePagesPage, ErrorBoundary: SitePagesError };
