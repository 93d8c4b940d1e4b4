// /admin/workflow: the workflow's settings — the sender of the journal's e-mail, whether the public Instructions
// page shows the figures — and the decision letters' templates with their placeholders.
import { useState, type FormEvent } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { adminJson } from "../admin-api";
import { Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { useDraft } from "../form-kit/use-draft";
import { DraftNotice } from "../form-kit";
import { DECISION_LABELS, LETTER_PLACEHOLDERS, type Decision, type WorkflowSettings } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

interface Template {
  decision: Decision;
  subject: string;
  body: string;
  custom: boolean;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [settings, templates] = await Promise.all([
    loadAdminJson<WorkflowSettings>(apiPath(workflowApi.settings), request),
    loadAdminJson<{ templates: Template[] }>(apiPath(workflowApi.templates), request),
  ]);
  return { settings, templates: templates.templates };
}

function TemplateForm({ t }: { t: Template }) {
  const saved = { subject: t.subject, body: t.body };
  const [baseline, setBaseline] = useState(saved);
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const draft = useDraft(`letter:${t.decision}`, values, baseline, setValues);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const next = await adminJson<Template>(apiPath(workflowApi.saveTemplate, { decision: t.decision }), { method: "PUT", json: values });
      setBaseline({ subject: next.subject, body: next.body });
      setFlash({ kind: "success", text: "Letter saved" });
    } catch (err) {
      setFlash({ kind: "error", text: workflowMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form panel" onSubmit={submit} aria-labelledby={`tpl-${t.decision}`}>
      <h2 className="form__section-title" id={`tpl-${t.decision}`}>
        Letter: {DECISION_LABELS[t.decision]}
      </h2>
      <Flash message={flash} onClose={() => setFlash(null)} />
      <DraftNotice draft={draft} />
      <div className="field">
        <label className="field__label" htmlFor={`tpl-${t.decision}-subject`}>
          Subject
        </label>
        <input
          id={`tpl-${t.decision}-subject`}
          required
          value={values.subject}
          onChange={(e) => setValues({ ...values, subject: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`tpl-${t.decision}-body`}>
          Letter
        </label>
        <textarea
          id={`tpl-${t.decision}-body`}
          required
          rows={12}
          value={values.body}
          onChange={(e) => setValues({ ...values, body: e.target.value })}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner /> : null} Save letter
        </button>
      </div>
    </form>
  );
}

export function WorkflowSettingsPage() {
  useTitle("Mail and letters");
  const { settings, templates } = useLoaderData<typeof loader>();
  const [baseline, setBaseline] = useState(settings);
  const [values, setValues] = useState(settings);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const draft = useDraft("workflow:settings", values, baseline, setValues);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const next = await adminJson<WorkflowSettings>(apiPath(workflowApi.saveSettings), { method: "PUT", json: values });
      setBaseline(next);
      setValues(next);
      setFlash({ kind: "success", text: "Settings updated successfully" });
    } catch (err) {
      setFlash({ kind: "error", text: workflowMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <PageHeader title="Mail and letters" back={{ to: "/admin/manuscripts", label: "Back to manuscripts" }} />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <DraftNotice draft={draft} />
      <form className="form panel" onSubmit={submit} aria-labelledby="wf-sender">
        <h2 className="form__section-title" id="wf-sender">
          Sender and figures
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="wf-name">
            Sender name
          </label>
          <input
            id="wf-name"
            value={values.senderName}
            placeholder="The journal's name"
            onChange={(e) => setValues({ ...values, senderName: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="wf-address">
            Sender address
          </label>
          <input
            id="wf-address"
            type="email"
            value={values.senderAddress}
            placeholder="The EMAIL of Settings"
            onChange={(e) => setValues({ ...values, senderAddress: e.target.value })}
          />
          <p className="field__hint">
            An address on a domain onboarded to Cloudflare Email Service. Replies go to replies+…@ the same domain (route them to this
            Worker with Email Routing).
          </p>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.publicFigures}
            onChange={(e) => setValues({ ...values, publicFigures: e.target.checked })}
          />{" "}
          Show the journal's figures (submissions, acceptance rate, days to decision and publication) on the public Instructions page
        </label>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? <Spinner /> : null} Submit
          </button>
        </div>
      </form>
      <p className="muted wf-note">
        Letters may use these placeholders:{" "}
        {LETTER_PLACEHOLDERS.map((p) => (
          <code key={p}>{`{{${p}}}`} </code>
        ))}
      </p>
      {templates.map((t) => (
        <TemplateForm key={t.decision} t={t} />
      ))}
    </>
  );
}

function WorkflowSettingsError() {
  useTitle("Mail and letters");
  return <LoadError title="Mail and letters" />;
}

export const route = { loader, Component: WorkflowSettingsPage, ErrorBoundary: WorkflowSettingsError };
