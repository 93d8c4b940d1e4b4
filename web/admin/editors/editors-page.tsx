// /admin/editors (SPEC §2 editors list, §4 status rule): Total Rows, Add New, Certificate for ticked rows,
// the table (only when rows exist) with a status toggle per editor.
import { useEffect, useMemo, useState } from "react";
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { Editor } from "#contract/api";
import { STATUS_DISABLED, STATUS_ENABLED } from "#contract/constants";
import { richTextToPlain } from "#contract/rich-text";
import { adminBlob, adminJson } from "../admin-api";
import { EmptyState, Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { formatDate } from "../format";
import { DocumentButton, useSelection } from "../selection";
import { DataTable, richTextColumn, selectColumn, selectedRow, type Column } from "../data-table";
import { apiPath } from "#contract/routes/endpoint";
import { documentsApi } from "#contract/routes/documents";
import { editorsApi } from "#contract/routes/editors";

/** SPEC §4: the toggle shows "on" unless the status is exactly 'disabled'. */
export function statusIsOn(status: string): boolean {
  return status !== STATUS_DISABLED;
}

/** SPEC §4: enabled becomes disabled, anything else becomes enabled. */
export function nextStatus(status: string): string {
  return status === STATUS_ENABLED ? STATUS_DISABLED : STATUS_ENABLED;
}

function initials(name: string): string {
  return name
    .replace(/^(dr|prof)\.?\s+/i, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/**
 * An image URL an <img> can load: a picture behind the admin API (a disabled editor's, which is not public) is
 * fetched with the session's token and shown from a blob URL; any other URL is used as it is. "" while loading.
 */
function useStaffImage(src: string): { url: string; failed: boolean } {
  const [loaded, setLoaded] = useState<{ src: string; url: string; failed: boolean } | null>(null);
  const behindApi = src.startsWith(`${editorsApi.adminList.path}/`);
  useEffect(() => {
    if (!behindApi) return;
    let url = "";
    let live = true;
    adminBlob(src).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setLoaded({ src, url, failed: false });
        else URL.revokeObjectURL(url);
      },
      () => live && setLoaded({ src, url: "", failed: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, behindApi]);
  if (!behindApi) return { url: src, failed: false };
  return loaded?.src === src ? { url: loaded.url, failed: loaded.failed } : { url: "", failed: false };
}

export function Avatar({ src: given, name, size = "md" }: { src: string; name: string; size?: "md" | "lg" }) {
  const staffImage = useStaffImage(given);
  const src = staffImage.url;
  const [loadFailed, setBroken] = useState(false);
  const broken = loadFailed || staffImage.failed;
  if ((!src || broken) && !name.trim()) {
    return (
      <span className={`avatar avatar--${size} avatar--initials`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="55%" height="55%">
          <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
        </svg>
      </span>
    );
  }
  if (!src || broken) {
    return (
      <span className={`avatar avatar--${size} avatar--initials`} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img className={`avatar avatar--${size}`} src={src} alt="" loading="lazy" onError={() => setBroken(true)} />;
}

function StatusToggle({ editor, onChanged }: { editor: Editor; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const on = statusIsOn(editor.status);
  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append("status", nextStatus(editor.status));
      await adminJson(apiPath(editorsApi.update, { id: editor.id }), { method: "POST", form });
    } catch (error) {
      // SPEC §8: a failed toggle is only logged.
      console.error("Editor status toggle failed", error);
    } finally {
      setBusy(false);
      onChanged();
    }
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Status of ${editor.name}: ${on ? "enabled" : "disabled"}`}
      className={`switch${on ? " switch--on" : ""}`}
      onClick={toggle}
      disabled={busy}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<Editor[]>(apiPath(editorsApi.adminList), request);
}

export function EditorsPage() {
  useTitle("Editors");
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const rows = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const ids = useMemo(() => rows.map((e) => e.id), [rows]);
  const selection = useSelection(ids);
  const selectedIds = ids.filter((id) => selection.selected.has(id));

  const columns: Column<Editor>[] = [
    selectColumn(selection, {
      allLabel: "Select all editors",
      keyOf: (editor: Editor) => editor.id,
      rowLabel: (editor) => `Select ${editor.name}`,
    }),
    { label: "S.NO.", cell: (_, index) => index + 1 },
    { label: "PICTURE", cell: (editor) => <Avatar src={editor.picture_url} name={editor.name} /> },
    // Long names and phone numbers wrap, so the board's thirteen columns fit 1280 px whatever they hold.
    { label: "NAME", cellClass: "strong wrap-anywhere", cell: (editor) => editor.name },
    { label: "CATEGORY", cellClass: "capitalize", cell: (editor) => editor.category },
    { label: "DEGREE", cell: (editor) => editor.degree },
    {
      label: "EMAIL",
      cell: (editor) =>
        editor.email && (
          <span className="ellipsis" title={editor.email}>
            {editor.email}
          </span>
        ),
    },
    { label: "POST", cell: (editor) => richTextToPlain(editor.post) },
    richTextColumn("AFFILIATION", (editor: Editor) => editor.content),
    { label: "PHONE", cellClass: "phone", cell: (editor) => editor.phone },
    { label: "STATUS", cell: (editor) => <StatusToggle editor={editor} onChanged={reload} /> },
    { label: "CREATED", cellClass: "nowrap", cell: (editor) => formatDate(editor.creation) },
    {
      label: "ACTION",
      cell: (editor) => (
        <Link to={`/admin/editors/${editor.id}`} className="action-link" aria-label={`Edit ${editor.name}`}>
          EDIT
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Editors"
        meta={
          <>
            Total Rows: <strong>{rows.length}</strong>
          </>
        }
        actions={
          <>
            {selectedIds.length > 0 && (
              <DocumentButton
                label={`Certificate (${selectedIds.length})`}
                busyLabel="Generating certificates…"
                path={apiPath(documentsApi.editorsCertificate)}
                body={{ ids: selectedIds }}
                fileName="Editors-Certificate.zip"
                onError={(text) => setMessage({ kind: "error", text })}
                onDone={() => setMessage(null)}
              />
            )}
            <Link to="/admin/editors/add" className="btn btn--primary">
              Add New
            </Link>
          </>
        }
      />
      <Flash message={message} onClose={() => setMessage(null)} />
      {rows.length === 0 ? (
        <EmptyState title="No editors yet">
          <Link to="/admin/editors/add" className="btn btn--secondary">
            Add the first editor
          </Link>
        </EmptyState>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(editor) => editor.id}
          className="table table--stack table--editors"
          rowClass={selectedRow(selection, (editor: Editor) => editor.id)}
        />
      )}
    </>
  );
}

function EditorsError() {
  useTitle("Editors");
  return <LoadError title="Editors" />;
}

export const route = { loader, Component: EditorsPage, ErrorBoundary: EditorsError };
