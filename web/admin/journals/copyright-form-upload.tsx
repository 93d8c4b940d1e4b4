// The journal's own copyright form (issue 37 item 4): upload a PDF that /instructions offers for download, or go back
// to the site's shared form. Part of /admin/site.
import { useRef, useState } from "react";
import { SHARED_COPYRIGHT_FORM_PATH } from "#contract/site-content";
import { adminJson, errorCode } from "../admin-api";
import { Field, Flash, type FlashMessage } from "../admin-ui";
import { apiPath } from "#contract/routes/endpoint";
import { settingsApi } from "#contract/routes/journals";

const MESSAGES: Record<string, string> = {
  invalid_file_type: "The copyright form must be a PDF file.",
  file_too_large: "The file is larger than 5 MB.",
  missing_file: "Choose a PDF file first.",
};

export function CopyrightFormUpload(props: { url: string }) {
  const [url, setUrl] = useState(props.url);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const own = url !== SHARED_COPYRIGHT_FORM_PATH;

  async function run(call: () => Promise<{ copyright_form_url: string }>, done: string) {
    setBusy(true);
    setFlash(null);
    try {
      setUrl((await call()).copyright_form_url);
      setFlash({ kind: "success", text: done });
      if (input.current) input.current.value = "";
    } catch (err) {
      setFlash({ kind: "error", text: MESSAGES[errorCode(err)] ?? "Something went wrong" });
    } finally {
      setBusy(false);
    }
  }

  function upload() {
    const file = input.current?.files?.[0];
    if (!file) {
      setFlash({ kind: "error", text: MESSAGES.missing_file });
      return;
    }
    const form = new FormData();
    form.set("pdfFile", file);
    void run(() => adminJson(apiPath(settingsApi.saveCopyrightForm), { form }), "Copyright form uploaded");
  }

  return (
    <section className="panel form__section" aria-labelledby="copyright-form-title">
      <h2 id="copyright-form-title" className="form__section-title">
        Copyright form
      </h2>
      <Flash message={flash} onClose={() => setFlash(null)} />
      <p className="muted">
        {own ? "Authors download this journal's own form: " : "Authors download the site's shared form: "}
        <a href={url} download="Copyright-Form.pdf" className="text-link">
          Copyright-Form.pdf
        </a>
      </p>
      <Field id="copyright-form-file" label="Upload a new form (PDF, at most 5 MB)">
        <input id="copyright-form-file" ref={input} type="file" accept="application/pdf" className="input" />
      </Field>
      <div className="form__actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={upload}>
          Upload form
        </button>
        {own ? (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            onClick={() =>
              void run(() => adminJson(apiPath(settingsApi.deleteCopyrightForm), { method: "DELETE" }), "Back to the shared copyright form")
            }
          >
            Use the shared form
          </button>
        ) : null}
      </div>
    </section>
  );
}
