// Add editor (/admin/editors/add) and edit editor (/admin/editors/{id}) — SPEC §2, §5, §8.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import type { Editor } from "../../worker/schemas/api";
import { DESIGNATIONS, EDITOR_CATEGORIES, IMAGE_MAX_BYTES } from "../../worker/schemas/constants";
import { decodeEntities, escapeHtml, richTextToPlain, sanitizeRichText } from "../../worker/schemas/rich-text";
import { editorSchema } from "../../worker/schemas/admin";
import { adminJson, errorCode, isAbort } from "./admin-api";
import { saveErrorMessage } from "./save-errors";
import { describedBy, Field, Flash, LoadingState, PageHeader, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { Avatar } from "./editors-page";
import { formatBytes } from "./format";

/** Picture types the server accepts (checked there by content; SVG is refused). */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

interface EditorValues {
  category: string;
  post: string;
  name: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
}

type RequiredName = "category" | "post" | "name" | "content";
const REQUIRED: RequiredName[] = ["category", "post", "name", "content"];

const EMPTY: EditorValues = { category: "", post: "", name: "", degree: "", content: "", email: "", phone: "", country: "" };

function fromEditor(e: Editor): EditorValues {
  return {
    category: e.category ?? "",
    post: richTextToPlain(e.post ?? ""),
    name: e.name ?? "",
    degree: e.degree ?? "",
    content: richTextToTextarea(e.content ?? ""),
    email: e.email ?? "",
    phone: e.phone ?? "",
    country: e.country ?? "",
  };
}

/** Stored affiliation (sanitized rich text) to textarea text: line breaks kept, markup dropped. */
function richTextToTextarea(html: string): string {
  return decodeEntities(
    sanitizeRichText(html)
      .replace(/<br>/g, "\n")
      .replace(/<\/p>\s*<p>/g, "\n")
      .replace(/<[^>]*>/g, ""),
  );
}

/** Textarea text to rich text: the text is escaped, line breaks become <br>. */
function textareaToRichText(text: string): string {
  return escapeHtml(text.trim()).replace(/\r?\n/g, "<br>");
}

export function EditorFormPage({ mode }: { mode: "add" | "edit" }) {
  const params = useParams();
  const editorId = String(params.id ?? "").replace(/\D+/g, "");
  const [loaded, setLoaded] = useState<Editor | null>(null);
  const [loading, setLoading] = useState(mode === "edit");
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (mode !== "edit") return;
    // The load is cancellable (SPEC §7); a failure is only logged (SPEC §8).
    const controller = new AbortController();
    setLoading(true);
    adminJson<Editor>(`/api/admin/editors/${editorId}`, { signal: controller.signal })
      .then((editor) => setLoaded(editor))
      .catch((error: unknown) => {
        if (!isAbort(error)) console.error("Could not load the editor", error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [mode, editorId]);

  if (loading) return <LoadingState label="Loading editor…" />;
  return (
    <EditorForm
      key={`${loaded?.id ?? "new"}:${round}`}
      mode={mode}
      editorId={editorId}
      editor={loaded}
      onAnother={() => setRound((n) => n + 1)}
    />
  );
}

function EditorForm(props: { mode: "add" | "edit"; editorId: string; editor: Editor | null; onAnother: () => void }) {
  const { mode, editorId, editor } = props;
  useTitle(mode === "add" ? "Add editor" : "Edit editor");
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState<EditorValues>(editor ? fromEditor(editor) : EMPTY);
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [current, setCurrent] = useState<Editor | null>(editor);
  const pictureInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const missing = new Set(tried ? REQUIRED.filter((name) => !values[name].trim()) : []);
  const set = (name: keyof EditorValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (problems.has(name)) setProblems((current) => new Map([...current].filter(([key]) => key !== name)));
  };

  function pickPicture(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setPictureError(null);
    if (!file) {
      setPicture(null);
      return;
    }
    if (!IMAGE_TYPES.includes(file.type)) {
      setPictureError("Choose a JPEG, PNG, WebP or GIF image.");
      event.target.value = "";
      setPicture(null);
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setPictureError(`The picture is too large (${formatBytes(file.size)}). The limit is ${formatBytes(IMAGE_MAX_BYTES)}.`);
      event.target.value = "";
      setPicture(null);
      return;
    }
    setPicture(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || created) return;
    setTried(true);
    const empty = REQUIRED.filter((name) => !values[name].trim());
    if (empty.length > 0) {
      // Nothing is sent; the empty required fields get a red bottom border (SPEC §5).
      document.getElementById(fid(empty[0]!))?.focus();
      return;
    }
    const payload = { ...values, content: textareaToRichText(values.content) };
    const parsed = editorSchema.safeParse(payload);
    if (!parsed.success) {
      const found = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "");
        if (name && !found.has(name)) found.set(name, name === "post" ? "Choose one of the listed posts." : "Check this value.");
      }
      setProblems(found);
      document.getElementById(fid([...found.keys()][0] ?? "name"))?.focus();
      return;
    }
    setProblems(new Map());
    const form = new FormData();
    for (const [name, value] of Object.entries(payload)) form.append(name, value.trim());
    if (picture) form.append("imgFile", picture, picture.name);
    // The version this form edits: a save over someone else's newer one is refused (409 stale_edit).
    if (mode === "edit" && current?.updated_at) form.append("updated_at", current.updated_at);
    setBusy(true);
    setMessage(null);
    try {
      if (mode === "add") {
        await adminJson("/api/editors", { method: "POST", form });
        setCreated(true);
        setMessage({ kind: "success", text: "Editor created successfully" });
      } else {
        const body = await adminJson<{ editor?: Editor } & Partial<Editor>>(`/api/editors/${editorId}`, { method: "POST", form });
        const updated = body?.editor ?? (body?.id ? (body as Editor) : null);
        if (updated) setCurrent(updated);
        setPicture(null);
        if (pictureInput.current) pictureInput.current.value = "";
        setMessage({ kind: "success", text: "Editor updated successfully" });
      }
    } catch (error) {
      console.error("Saving the editor failed", error);
      setMessage({ kind: "error", text: saveErrorMessage(errorCode(error)) });
    } finally {
      setBusy(false);
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  }

  const marker = mode === "add";
  const postOptions: string[] = [...DESIGNATIONS];
  if (values.post && !postOptions.includes(values.post)) postOptions.push(values.post); // a legacy post stays selectable

  const textField = (name: keyof EditorValues, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; multiline?: boolean } = {}) => {
    const isMissing = missing.has(name as RequiredName) || problems.has(name);
    const problem = missing.has(name as RequiredName) ? `${label} is required.` : (problems.get(name) ?? null);
    const common = {
      id: fid(name),
      name,
      value: values[name],
      required: opts.required,
      "aria-invalid": isMissing || undefined,
      "aria-describedby": describedBy(fid(name), { error: isMissing }),
      readOnly: created,
    };
    return (
      <Field id={fid(name)} label={label} required={opts.required} marker={opts.required && marker} error={problem}>
        {opts.multiline ? (
          <textarea {...common} rows={3} onChange={(e) => set(name, e.target.value)} />
        ) : (
          <input {...common} type={opts.type ?? "text"} autoComplete={opts.autoComplete ?? "off"} onChange={(e) => set(name, e.target.value)} />
        )}
      </Field>
    );
  };

  const selectField = (name: "category" | "post", label: string, options: readonly string[], placeholder: string) => {
    const isMissing = missing.has(name) || problems.has(name);
    const problem = missing.has(name) ? `${label} is required.` : (problems.get(name) ?? null);
    return (
      <Field id={fid(name)} label={label} required marker={marker} error={problem}>
        <select
          id={fid(name)}
          name={name}
          required
          value={values[name]}
          aria-invalid={isMissing || undefined}
          aria-describedby={describedBy(fid(name), { error: isMissing })}
          onChange={(e) => set(name, e.target.value)}
          disabled={created}
          className={name === "category" ? "capitalize" : undefined}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  return (
    <>
      <PageHeader
        title={mode === "add" ? "Add editor" : "Edit editor"}
        back={{ to: "/admin/editors", label: "Back to editors" }}
        meta={mode === "edit" && current ? current.name : undefined}
      />
      <Flash message={message} onClose={() => setMessage(null)} />
      <form className="form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <section className="panel form__section">
          <div className="editor-form__picture">
            <Avatar src={preview ?? current?.picture_url ?? ""} name={values.name} size="lg" />
            <Field
              id={fid("imgFile")}
              label="Picture"
              hint={`JPEG, PNG, WebP or GIF, at most ${formatBytes(IMAGE_MAX_BYTES)}.${mode === "edit" ? " Leave empty to keep the current picture." : ""}`}
              error={pictureError}
            >
              <input
                ref={pictureInput}
                id={fid("imgFile")}
                name="imgFile"
                type="file"
                accept={IMAGE_TYPES.join(",")}
                aria-describedby={describedBy(fid("imgFile"), { hint: true, error: !!pictureError })}
                onChange={pickPicture}
                disabled={created}
              />
            </Field>
          </div>
          <div className="grid-2">
            {selectField("category", "Category", EDITOR_CATEGORIES, "Select category")}
            {selectField("post", "Post", postOptions, "Select post")}
          </div>
          <div className="grid-2">
            {textField("name", "Name", { required: true, autoComplete: "name" })}
            {textField("degree", "Degree")}
          </div>
          {textField("content", "Affiliation", { required: true, multiline: true })}
          <div className="grid-3">
            {textField("email", "Email", { type: "email", autoComplete: "email" })}
            {textField("phone", "Phone", { type: "tel", autoComplete: "tel" })}
            {textField("country", "Country", { autoComplete: "country-name" })}
          </div>
          {tried && missing.size > 0 && (
            <p className="form-error" role="alert">
              Fill in the fields marked in red.
            </p>
          )}
        </section>
        <div className="form__actions">
          {!created ? (
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? (
                <>
                  <Spinner /> Saving…
                </>
              ) : (
                "Submit"
              )}
            </button>
          ) : (
            <>
              <Link to="/admin/editors" className="btn btn--secondary">
                Back to editors
              </Link>
              <button type="button" className="btn btn--ghost" onClick={props.onAnother}>
                Add another
              </button>
            </>
          )}
        </div>
      </form>
    </>
  );
}
