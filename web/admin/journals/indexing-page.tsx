// /admin/indexing: the journal's indexing and abstracting partners (issue 37 item 3; SPEC §3's entity): the list in
// the public grid's order with each one's image, title, link, sort number and status; add and edit in one panel
// (image with the editor-picture checks), enable/disable, and move up/down. Journal managers only (the server decides;
// the menu shows it to them alone). The public grid and the home page follow each save at once.
import { useRef, useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { IndexingEntry } from "#contract/api";
import { INDEXING_MESSAGES, INDEXING_SORT_MAX } from "#contract/indexing";
import { adminJson, errorCode } from "../admin-api";
import { Field, Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { apiPath } from "#contract/routes/endpoint";
import { indexingApi } from "#contract/routes/journals";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<IndexingEntry[]>(apiPath(indexingApi.adminList), request);
}

interface Draft {
  id: number | null;
  title: string;
  link: string;
  sortnumber: string;
  status: string;
}

const EMPTY: Draft = { id: null, title: "", link: "", sortnumber: "", status: "enabled" };
const messageOf = (code: string) => INDEXING_MESSAGES[code] ?? "Something went wrong";

export function IndexingPage() {
  useTitle("Indexing partners");
  const entries = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setFlash(null);
    try {
      setFlash({ kind: "success", text: await run() });
      revalidator.revalidate();
    } catch (err) {
      setFlash({ kind: "error", text: messageOf(errorCode(err)) });
    } finally {
      setBusy(false);
    }
  }

  function edit(e: IndexingEntry) {
    setDraft({ id: e.id, title: e.title, link: e.link, sortnumber: String(e.sortnumber), status: e.status });
    setTried(false);
    if (fileInput.current) fileInput.current.value = "";
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    formRef.current?.querySelector<HTMLInputElement>("#indexing-title")?.focus({ preventScroll: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!draft.title.trim()) return;
    const body = new FormData();
    body.set("title", draft.title);
    body.set("link", draft.link);
    // A new partner without a number goes last.
    const last = entries.reduce((max, e) => Math.max(max, e.sortnumber), 0);
    body.set("sortnumber", draft.sortnumber.trim() || String(Math.min(last + 10, INDEXING_SORT_MAX)));
    body.set("status", draft.status);
    const file = fileInput.current?.files?.[0];
    if (file) body.set("imgFile", file);
    const editing = draft.id;
    void act(async () => {
      await adminJson(editing ? apiPath(indexingApi.update, { id: editing }) : apiPath(indexingApi.create), { form: body });
      setDraft(EMPTY);
      setTried(false);
      if (fileInput.current) fileInput.current.value = "";
      return editing ? `${draft.title} saved` : `${draft.title} added`;
    });
  }

  function move(index: number, by: -1 | 1) {
    const ids = entries.map((e) => e.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    void act(async () => {
      await adminJson(apiPath(indexingApi.order), { json: { ids } });
      return `${entries[index].title} moved ${by < 0 ? "up" : "down"}`;
    });
  }

  const columns: Column<IndexingEntry>[] = [
    {
      label: "Order",
      cell: (e, i) => (
        <div className="row-actions">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={busy || i === 0}
            onClick={() => move(i, -1)}
            aria-label={`Move ${e.title} up`}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={busy || i === entries.length - 1}
            onClick={() => move(i, 1)}
            aria-label={`Move ${e.title} down`}
          >
            ↓
          </button>
        </div>
      ),
    },
    {
      label: "Image",
      cell: (e) => (e.image_url ? <img className="indexing-thumb" src={e.image_url} alt="" /> : <span className="muted">No image</span>),
    },
    { label: "Title", cellClass: "strong", cell: (e) => e.title },
    {
      label: "Link",
      cell: (e) =>
        e.link ? (
          <a href={e.link} target="_blank" rel="noopener noreferrer" className="indexing-link">
            {e.link}
          </a>
        ) : (
          ""
        ),
    },
    { label: "Sort no.", cell: (e) => e.sortnumber },
    {
      label: "Status",
      cell: (e) => {
        const on = e.status === "enabled";
        return (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={`Status of ${e.title}: ${on ? "enabled" : "disabled"}`}
            className={`switch${on ? " switch--on" : ""}`}
            disabled={busy}
            onClick={() => {
              const form = new FormData();
              form.set("status", on ? "disabled" : "enabled");
              void act(async () => {
                await adminJson(apiPath(indexingApi.update, { id: e.id }), { form });
                return `${e.title} ${on ? "hidden from" : "shown on"} the site`;
              });
            }}
          >
            <span className="switch__thumb" aria-hidden="true" />
          </button>
        );
      },
    },
    {
      label: "Action",
      cell: (e) => (
        <span className="row-actions">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => edit(e)} disabled={busy}>
            Edit
          </button>
          <button
            type="button"
            className="btn btn--danger btn--small"
            disabled={busy}
            aria-label={`Delete ${e.title}`}
            onClick={() => {
              // Deleting cannot be undone: the partner and its image go (docs/decisions/0262).
              if (
                !window.confirm(
                  `Delete the indexing partner “${e.title}”? It leaves the public grid and the home page, and its image is deleted. This cannot be undone.`,
                )
              )
                return;
              void act(async () => {
                await adminJson(apiPath(indexingApi.delete, { id: e.id }), { method: "DELETE" });
                if (draft.id === e.id) setDraft(EMPTY);
                return `${e.title} deleted`;
              });
            }}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  const titleMissing = tried && !draft.title.trim();
  return (
    <>
      <PageHeader
        title="Indexing partners"
        back={{ to: "/admin", label: "Back to the dashboard" }}
        meta={`Total Rows: ${entries.length}`}
      />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <p className="muted indexing-intro">
        Shown in this order on the Indexing page and the home page; disabled partners are kept here but not shown.
      </p>
      {entries.length > 0 ? <DataTable columns={columns} rows={entries} rowKey={(e) => e.id} /> : null}
      <form ref={formRef} className="form panel form__section" onSubmit={submit} noValidate aria-labelledby="indexing-form-title">
        <h2 id="indexing-form-title" className="form__section-title">
          {draft.id ? `Edit ${entries.find((e) => e.id === draft.id)?.title ?? "partner"}` : "Add an indexing partner"}
        </h2>
        <div className="grid-2">
          <Field id="indexing-title" label="Title" required error={titleMissing ? "Enter the partner's name." : null}>
            <input
              id="indexing-title"
              className="input"
              value={draft.title}
              aria-invalid={titleMissing || undefined}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            />
          </Field>
          <Field id="indexing-link" label="Link" hint="The partner's page for this journal (https://…)">
            <input
              id="indexing-link"
              className="input"
              type="url"
              inputMode="url"
              value={draft.link}
              onChange={(e) => setDraft({ ...draft, link: e.currentTarget.value })}
            />
          </Field>
          <Field id="indexing-sort" label="Sort number" hint="Smaller numbers come first; empty: last">
            <input
              id="indexing-sort"
              className="input"
              inputMode="numeric"
              value={draft.sortnumber}
              onChange={(e) => setDraft({ ...draft, sortnumber: e.currentTarget.value })}
            />
          </Field>
          <Field id="indexing-status" label="Status">
            <select
              id="indexing-status"
              className="input"
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })}
            >
              <option value="enabled">Enabled (shown on the site)</option>
              <option value="disabled">Disabled (hidden)</option>
            </select>
          </Field>
          <Field
            id="indexing-image"
            label="Image"
            hint={draft.id ? "Choose a file only to replace the current image" : "PNG, JPEG, GIF or WebP"}
          >
            <input id="indexing-image" ref={fileInput} className="input" type="file" accept="image/png,image/jpeg,image/gif,image/webp" />
          </Field>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {draft.id ? "Save partner" : "Add partner"}
          </button>
          {draft.id ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setDraft(EMPTY);
                setTried(false);
              }}
            >
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}

function IndexingError() {
  useTitle("Indexing partners");
  return <LoadError title="Indexing partners" />;
}

export const route = { loader, Component: IndexingPage, ErrorBoundary: IndexingError };
