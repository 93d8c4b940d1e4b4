// /admin/staff: this journal's staff accounts, managed by its journal managers (docs/decisions/0160, 0200): create one
// with a role, an e-mail and a one-time password (shown once, valid 72 hours), change a role, disable/enable, reset
// the password, sign out everywhere. The API is scoped to the Host's journal, so another journal's accounts are never
// listed; the last enabled manager is kept by the server (403 last_manager).
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
import { useSession } from "../../lib/session";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { staffApi } from "#contract/routes/auth";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<{ staff: StaffAccount[] }>(apiPath(staffApi.list), request);
}

export function StaffPage() {
  useTitle("Staff");
  const { staff } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null);
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("editor");
  const [busy, setBusy] = useState(false);
  const me = useSession()?.user.id;

  async function act(run: () => Promise<string | undefined>) {
    setBusy(true);
    setFlash(null);
    try {
      const text = await run();
      if (text) setFlash({ kind: "success", text });
      revalidator.revalidate();
    } catch (err) {
      const code = errorCode(err);
      setFlash({ kind: "error", text: platformMessage(code) });
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
    {
      label: "Username",
      cellClass: "strong",
      cell: (s) => (
        <>
          {s.username}
          {s.usernameClash ? (
            <span className="staff-note"> Another account has this name in other letters: disable or replace one.</span>
          ) : null}
        </>
      ),
    },
    { label: "Name", cell: (s) => s.name },
    {
      label: "Role",
      cell: (s) =>
        s.id === me ? (
          <span>{isStaffRole(s.role) ? ROLE_LABELS[s.role] : s.role} (you)</span>
        ) : (
          <select
            className="input input--small"
            aria-label={`Role of ${s.username}`}
            value={s.role}
            disabled={busy}
            onChange={(e) => {
              const next = e.currentTarget.value as StaffRole;
              void act(async () => {
                await adminJson(apiPath(staffApi.role, { staffId: s.id }), { json: { role: next } });
                return `${s.username} is now ${ROLE_LABELS[next]}`;
              });
            }}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ),
    },
    { label: "E-mail", cell: (s) => s.email },
    {
      label: "Status",
      cell: (s) =>
        s.oneTimeExpiresAt ? (
          <>
            {s.status}
            <span className="staff-note"> One-time password until {formatDate(s.oneTimeExpiresAt)}</span>
          </>
        ) : (
          s.status
        ),
    },
    { label: "Created", cell: (s) => formatDate(s.createdAt) },
    {
      label: "Action",
      cell: (s) => (
        <div className="row-actions">
          {rowAction(s.status === "enabled" ? "Disable" : "Enable", async () => {
            await adminJson(apiPath(staffApi.status, { staffId: s.id }), {
              json: { status: s.status === "enabled" ? "disabled" : "enabled" },
            });
            return `${s.username} ${s.status === "enabled" ? "disabled" : "enabled"}`;
          })}
          {rowAction("Reset password", async () => {
            show(await adminJson<OneTimePassword>(apiPath(staffApi.resetPassword, { staffId: s.id }), { method: "POST" }));
            return undefined;
          })}
          {rowAction("Sign out everywhere", async () => {
            await adminJson(apiPath(staffApi.revokeSessions, { staffId: s.id }), { method: "POST" });
            return `${s.username} is signed out everywhere`;
          })}
        </div>
      ),
    },
  ];

  function create(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      show(await adminJson<OneTimePassword>(apiPath(staffApi.create), { json: { username, name, email, role } }));
      setUsername("");
      setName("");
      setEmail("");
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
          channel. It opens for 72 hours, once: at the first sign-in they choose their own password under Your account.
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
          <Field id="staff-email" label="E-mail" hint="Where the account's notifications go">
            <input id="staff-email" type="email" className="input" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          </Field>
          <Field id="staff-role" label="Role" required>
            <select id="staff-role" className="input" value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <dl className="role-list">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt>{ROLE_LABELS[r]}</dt>
              <dd>{ROLE_DESCRIPTIONS[r]}</dd>
            </div>
          ))}
        </dl>
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
