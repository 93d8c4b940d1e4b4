// /admin/staff: this journal's staff accounts, managed by its own admins (docs/decisions/0160): create one with a
// one-time password (shown once), disable/enable, reset the password, sign out everywhere. The API is scoped to the
// Host's journal, so another journal's accounts are never listed.
import { useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { OneTimePassword, StaffAccount } from "#contract/platform";
import { platformMessage } from "#contract/platform";
import { adminJson, errorCode } from "../admin-api";
import { Field, Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { formatDate } from "../format";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<{ staff: StaffAccount[] }>("/api/admin/staff", request);
}

export function StaffPage() {
  useTitle("Staff");
  const { staff } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null);
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<string | undefined>) {
    setBusy(true);
    setFlash(null);
    try {
      const text = await run();
      if (text) setFlash({ kind: "success", text });
      revalidator.revalidate();
    } catch (err) {
      const code = errorCode(err);
      setFlash({ kind: "error", text: code === "own_account" ? "You cannot disable your own account." : platformMessage(code) });
    } finally {
      setBusy(false);
    }
  }
  const show = (r: OneTimePassword) => setSecret({ username: r.account.username, password: r.oneTimePassword });
  /** A row's button: runs its call (busy meanwhile), then says what happened. */
  const rowAction = (label: string, run: () => Promise<string | undefined>) => (
    <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={() => act(run)}>
      {label}
    </button>
  );

  const columns: Column<StaffAccount>[] = [
    { label: "Username", cellClass: "strong", cell: (s) => s.username },
    { label: "Name", cell: (s) => s.name },
    { label: "Status", cell: (s) => s.status },
    { label: "Created", cell: (s) => formatDate(s.createdAt) },
    {
      label: "Action",
      cell: (s) => (
        <div className="row-actions">
          {rowAction(s.status === "enabled" ? "Disable" : "Enable", async () => {
            await adminJson(`/api/admin/staff/${s.id}/status`, { json: { status: s.status === "enabled" ? "disabled" : "enabled" } });
            return `${s.username} ${s.status === "enabled" ? "disabled" : "enabled"}`;
          })}
          {rowAction("Reset password", async () => {
            show(await adminJson<OneTimePassword>(`/api/admin/staff/${s.id}/reset-password`, { method: "POST" }));
            return undefined;
          })}
          {rowAction("Sign out everywhere", async () => {
            await adminJson(`/api/admin/staff/${s.id}/revoke-sessions`, { method: "POST" });
            return `${s.username} is signed out everywhere`;
          })}
        </div>
      ),
    },
  ];

  function create(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      show(await adminJson<OneTimePassword>("/api/admin/staff", { json: { username, name } }));
      setUsername("");
      setName("");
      return undefined;
    });
  }

  return (
    <>
      <PageHeader title="Staff" back={{ to: "/admin", label: "Back to the dashboard" }} />
      <Flash message={flash} onClose={() => setFlash(null)} />
      {secret ? (
        <p className="panel" role="status">
          One-time password for <strong>{secret.username}</strong>: <code>{secret.password}</code> — shown once; pass it on by a safe
          channel. After signing in they choose their own under Your account (their name, top right).
        </p>
      ) : null}
      <DataTable columns={columns} rows={staff} rowKey={(s) => s.id} />
      <form className="form panel form__section" onSubmit={create} aria-labelledby="staff-new">
        <h2 id="staff-new" className="form__section-title">
          New staff account
        </h2>
        <div className="grid-2">
          <Field id="staff-username" label="Username" required>
            <input id="staff-username" className="input" value={username} required onChange={(e) => setUsername(e.currentTarget.value)} />
          </Field>
          <Field id="staff-name" label="Name">
            <input id="staff-name" className="input" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </Field>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Create account
          </button>
        </div>
      </form>
    </>
  );
}

function StaffError() {
  useTitle("Staff");
  return <LoadError title="Staff" />;
}

export const route = { loader, Component: StaffPage, ErrorBoundary: StaffError };
