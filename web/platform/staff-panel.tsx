// A journal's staff accounts in the console: create with a one-time password (shown once), disable/enable,
// reset the password, end every session.
import { useEffect, useState } from "react";
import type { OneTimePassword, StaffAccount } from "#contract/platform";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";

export function StaffPanel({ journalId }: { journalId: number }) {
  const [staff, setStaff] = useState<StaffAccount[]>([]);
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null);
  const act = useAction();
  const base = `/journals/${journalId}/staff`;
  const reload = async () => setStaff((await consoleApi<{ staff: StaffAccount[] }>("GET", base)).staff);
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
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <div className="console-table-wrap" role="region" aria-label="Staff accounts" tabIndex={0}>
        <table className="console-table">
          <thead>
            <tr>
              <th>Username</th>
              <th>Name</th>
              <th>Status</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td>{s.username}</td>
                <td>{s.name}</td>
                <td>{s.status}</td>
                <td className="console-actions">
                  <button
                    type="button"
                    onClick={() =>
                      act.run(async () => {
                        await consoleApi("POST", `${base}/${s.id}/status`, { status: s.status === "enabled" ? "disabled" : "enabled" });
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
                        withPassword(await consoleApi<OneTimePassword>("POST", `${base}/${s.id}/reset-password`));
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
                        await consoleApi("POST", `${base}/${s.id}/revoke-sessions`);
                        return `${s.username} is signed out everywhere`;
                      })
                    }
                  >
                    Sign out everywhere
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="console-form console-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            withPassword(await consoleApi<OneTimePassword>("POST", base, { username, name }));
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
        <button type="submit" disabled={act.busy}>
          Create account
        </button>
      </form>
      <Messages error={act.error} notice={act.notice} />
    </div>
  );
}
