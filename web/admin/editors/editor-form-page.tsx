// Add editor (/admin/editors/add) and edit editor (/admin/editors/{id}) — SPEC §2, §5, §8.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLoaderData, useParams, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { Editor } from "#contract/api";
import { DESIGNATIONS, EDITOR_CATEGORIES, IMAGE_MAX_BYTES } from "#contract/constants";
import { decodeEntities, escapeHtml, richTextToPlain, sanitizeRichText } from "#contract/rich-text";
import { editorSchema } from "#contract/admin";
import { adminJson, errorCode } from "../admin-api";
import { saveErrorDetail, saveErrorMessage } from "../save-errors";
import { describedBy, Field, Flash, PageHeader, useTitle } from "../admin-ui";
import { DraftNotice, SelectField, TextField, SubmitButton, useZodForm } from "../form-kit";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { Avatar } from "./editors-page";
import { formatBytes } from "../format";
import { apiPath } from "#contract/routes/endpoint";
import { editorsApi } from "#contract/routes/editors";

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

const REQUIRED: (keyof EditorValues)[] = ["category", "post", "name", "content"];

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

const LABELS: Record<keyof EditorValues, string> = {
  category: "Category",
  post: "Post",
  name: "Name",
  degree: "Degree",
  content: "Affiliation",
  email: "Email",
  phone: "Phone",
  country: "Country",
};

/** What is sent: the affiliation as rich text. */
const payloadOf = (values: EditorValues): EditorValues => ({ ...values, content: textareaToRichText(values.content) });

export function EditorFormPage({ mode }: { mode: "add" | "edit" }) {
  const params = useParams();
  const editorId = String(params.id ?? "").replace(/\D+/g, "");
  const [round, setRound] = useState(0);
  const form = (editor: Editor | null) => (
    <EditorForm
      key={`${editor?.id ?? "new"}:${round}`}
      mode={mode}
      editorId={editorId}
      editor={editor}
      onAnother={() => setRound((n) => n + 1)}
    />
  );
  return mode === "add" ? form(null) : <EditEditor form={form} />;
}

/**
 * The stored editor. The load is cancellable (SPEC §7); a failure is only logged (SPEC §8) and leaves the form
 * empty, but an editor that does not exist shows 'Not Found!', as an unknown article does (issue 26 item 7).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = String(params.id ?? "").replace(/\D+/g, "");
  try {
    return await loadAdminJson<Editor>(apiPath(editorsApi.adminOne, { id }), request, "Could not load the editor");
  } catch (error) {
    if (error instanceof Response || errorCode(error) === "not_found") throw error;
    return null;
  }
}

function EditEditor({ form }: { form: (editor: Editor | null) => ReactNode }) {
  return form(useLoaderData<typeof loader>());
}

function AddEditorPage() {
  return <EditorFormPage mode="add" />;
}

function EditEditorPage() {
  return <EditorFormPage mode="edit" />;
}

function EditorError() {
  useTitle("Edit editor");
  if (errorCode(useRouteError()) !== "not_found") return <LoadError title="Edit editor" />;
  return (
    <>
      <PageHeader title="Edit editor" back={{ to: "/admin/editors", label: "Back to editors" }} />
      <section className="not-found">
        <h1>Not Found!</h1>
      </section>
    </>
  );
}

export const addRoute = { Component: AddEditorPage, ErrorBoundary: EditorError };
export const editRoute = { loader, Component: EditEditorPage, ErrorBoundary: EditorError };

function EditorForm(props: { mode: "add" | "edit"; editorId: string; editor: Editor | null; onAnother: () => void }) {
  const { mode, editorId, editor } = props;
  useTitle(mode === "add" ? "Add editor" : "Edit editor");
  const form = useZodForm<EditorValues>({
    initial: editor ? fromEditor(editor) : EMPTY,
    schema: editorSchema,
    input: payloadOf,
    required: REQUIRED,
    labels: LABELS,
    problemText: (name) => (name === "post" ? "Choose one of the listed posts." : "Check this value."),
    draft: mode === "add" ? "editor:add" : `editor:${editorId}:${editor?.updated_at ?? ""}`,
  });
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
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
    // Nothing is sent while a required field is empty; those get a red bottom border (SPEC §5).
    const sent = await form.submit(event, {
      send: async () => {
        const formData = new FormData();
        for (const [name, value] of Object.entries(payloadOf(form.values))) formData.append(name, value.trim());
        if (picture) formData.append("imgFile", picture, picture.name);
        // The version this form edits: a save over someone else's newer one is refused (409 stale_edit).
        if (mode === "edit" && current?.updated_at) formData.append("updated_at", current.updated_at);
        if (mode === "add") {
          await adminJson(apiPath(editorsApi.create), { method: "POST", form: formData });
          form.setDone(true);
          form.setFlash({ kind: "success", text: "Editor created successfully" });
        } else {
          const body = await adminJson<{ editor?: Editor } & Partial<Editor>>(apiPath(editorsApi.update, { id: editorId }), {
            method: "POST",
            form: formData,
          });
          const updated = body?.editor ?? (body?.id ? (body as Editor) : null);
          if (updated) setCurrent(updated);
          setPicture(null);
          if (pictureInput.current) pictureInput.current.value = "";
          form.setFlash({ kind: "success", text: "Editor updated successfully" });
        }
      },
      onError: (error, code) => {
        console.error("Saving the editor failed", error);
        form.setFlash({ kind: "error", text: saveErrorMessage(code), detail: saveErrorDetail(code) });
      },
    });
    if (sent) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  const marker = mode === "add";
  const postOptions: string[] = [...DESIGNATIONS];
  const post = form.values.post;
  if (post && !postOptions.includes(post)) postOptions.push(post); // a legacy post stays selectable

  const textField = (name: keyof EditorValues, opts: { required?: boolean; type?: string; autoComplete?: string; rows?: number } = {}) => (
    <TextField field={form.field(name)} label={LABELS[name]} marker={opts.required && marker} {...opts} />
  );
  const selectField = (name: "category" | "post", options: readonly string[], placeholder: string) => (
    <SelectField
      field={form.field(name)}
      label={LABELS[name]}
      required
      marker={marker}
      options={options}
      placeholder={placeholder}
      className={name === "category" ? "capitalize" : undefined}
    />
  );

  return (
    <>
      <PageHeader
        title={mode === "add" ? "Add editor" : "Edit editor"}
        back={{ to: "/admin/editors", label: "Back to editors" }}
        meta={mode === "edit" && current ? current.name : undefined}
      />
      <Flash message={form.flash} onClose={() => form.setFlash(null)} />
      <DraftNotice draft={form.draft} note="They are not saved yet. A picture must be picked again." />
      <form className="form" onSubmit={submit} noValidate aria-busy={form.busy || undefined}>
        <section className="panel form__section">
          <div className="editor-form__picture">
            <Avatar src={preview ?? current?.picture_url ?? ""} name={form.values.name} size="lg" />
            <Field
              id={`${form.idPrefix}-imgFile`}
              label="Picture"
              hint={`JPEG, PNG, WebP or GIF, at most ${formatBytes(IMAGE_MAX_BYTES)}.${mode === "edit" ? " Leave empty to keep the current picture." : ""}`}
              error={pictureError}
            >
              <input
                ref={pictureInput}
                id={`${form.idPrefix}-imgFile`}
                name="imgFile"
                type="file"
                accept={IMAGE_TYPES.join(",")}
                aria-describedby={describedBy(`${form.idPrefix}-imgFile`, { hint: true, error: !!pictureError })}
                onChange={pickPicture}
                disabled={form.done}
              />
            </Field>
          </div>
          <div className="grid-2">
            {selectField("category", EDITOR_CATEGORIES, "Select category")}
            {selectField("post", postOptions, "Select post")}
          </div>
          <div className="grid-2">
            {textField("name", { required: true, autoComplete: "name" })}
            {textField("degree")}
          </div>
          {textField("content", { required: true, rows: 3 })}
          <div className="grid-3">
            {textField("email", { type: "email", autoComplete: "email" })}
            {textField("phone", { type: "tel", autoComplete: "tel" })}
            {textField("country", { autoComplete: "country-name" })}
          </div>
          {form.missing.size > 0 && (
            <p className="form-error" role="alert">
              Fill in the fields marked in red.
            </p>
          )}
        </section>
        <div className="form__actions">
          {!form.done ? (
            <SubmitButton busy={form.busy} />
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
