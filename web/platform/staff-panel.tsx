// A journal's staff accounts in the console: create with a role and a one-time password (shown once), change a
// role, disable/enable, reset the password, end every session. Operators stand outside the journal: they may change
// even its last manager (docs/decisions/0200-staff-roles.md).
import { useEffect, useState } from "react";
import type { OneTimePassword, StaffAccount } from "#contract/platform";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from "#contract/roles";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { apiCall } from "#contract/routes/endpoint";
import { platformStaffApi } from "#contract/routes/platform";
import { ConsoleTable } from "./console-table";

export function StaffPanel({ journalId }: { journalId: number }) {
  const [staff, setStaff] = useState<StaffAccount[]>([]);
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>("manager");
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null);
  const act = useAction();
  const reload = async () =>
    setStaff((await consoleApi<{ staff: StaffAccount[] }>(apiCall(platformStaffApi.list, { id: journalId }))).staff);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load when the journal changes
  useEffect(() => void act.run(reload), [journalId]);
  const withPassword = (r: OneTimePassword) => setSecret({ username: r.account.username, password: r.oneTimePassword });
  return (
    <div className="console-panel">
      <h2>Staff accounts</h2>
      {secret ? (
        <p className="console-secret" role="status">
          One-time password for <strong>{secret.username}</strong>: <code data-testid="one-time-password">{secret.password}</code> — shown
          once; give it to them in person or by a safe channel. After signing in they choose their own under Your account (their name, top
          right of the admin).
        </p>
      ) : null}
      <ConsoleTable label="Staff accounts" columns={["Username", "Name", "Role", "Status", "Actions"]}>
        {staff.map((s) => (
          <tr key={s.id}>
            <td data-label="Username">{s.username}</td>
            <td data-label="Name">{s.name}</td>
            <td data-label="Role">
              <select
                aria-label={`Role of ${s.username}`}
                value={s.role}
                disabled={act.busy}
                onChange={(e) => {
                  const next = e.currentTarget.value as StaffRole;
                  void act.run(async () => {
                    await consoleApi(apiCall(platformStaffApi.role, { id: journalId, staffId: s.id }), { role: next });
                    await reload();
                    return `${s.username} is now ${ROLE_LABELS[next]}`;
                  });
                }}
              >
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
                {isStaffRole(s.role) ? null : <option value={s.role}>{s.role}</option>}
              </select>
            </td>
            <td data-label="Status">{s.status}</td>
            <td data-label="Actions" className="console-actions">
              <button
                type="button"
                onClick={() =>
                  act.run(async () => {
                    await consoleApi(apiCall(platformStaffApi.status, { id: journalId, staffId: s.id }), {
                      status: s.status === "enabled" ? "disabled" : "enabled",
                    });
                    await reload();
                  })
                }
              >
                {s.status === "enabled" ? "Disable" : "Enable"}
              </button>
              <button
                type="button"
                onClick={() =>
                  act.run(async () => {
                    withPassword(
                      await consoleApi<OneTimePassword>(apiCall(platformStaffApi.resetPassword, { id: journalId, staffId: s.id })),
                    );
                    await reload();
                  })
                }
              >
                Reset password
              </button>
              <button
                type="button"
                onClick={() =>
                  act.run(async () => {
                    await consoleApi(apiCall(platformStaffApi.revokeSessions, { id: journalId, staffId: s.id }));
                    return `${s.username} is signed out everywhere`;
                  })
                }
              >
                Sign out everywhere
              </button>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <form
        className="console-form console-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            withPassword(await consoleApi<OneTimePassword>(apiCall(platformStaffApi.create, { id: journalId }), { username, name, role }));
            setUsername("");
            setName("");
            await reload();
          });
        }}
      >
        <label>
          Staff username
          <input name="staffUsername" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="off" />
        </label>
        <label>
          Display name
          <input name="staffName" value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="off" />
        </label>
        <label>
          Role
          <select name="staffRole" value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={act.busy}>
          Create account
        </button>
      </form>
      <dl className="console-roles">
        {STAFF_ROLES.map((r) => (
          <div key={r}>
            <dt>{ROLE_LABELS[r]}</dt>
            <dd>{ROLE_DESCRIPTIONS[r]}</dd>
          </div>
        ))}
      </dl>
      <Messages error={act.error} notice={act.notice} />
    </div>
  );
}
