// "Crossref" on the admin issue page (issue 40 item 5): the journal's Crossref login (the password is stored
// encrypted and never shown), "Deposit to Crossref", and the issue's deposits with their state; "Check status"
// asks Crossref for the result and marks the accepted DOIs registered. A refused deposit shows Crossref's reason.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { adminJson, errorCode } from "../admin-api";
import { BusyButton } from "../form-kit";
import { apiPath } from "#contract/routes/endpoint";
import { scholarlyApi } from "#contract/routes/scholarly";
import { mayUse } from "#contract/roles";
import { useSession } from "../../lib/session";

interface Deposit {
  id: number;
  batch_id: string;
  status: "submitted" | "registered" | "failed";
  dois: string[];
  message: string;
  submitted_at: string;
  checked_at: string;
  submitted_by: string;
}
interface Account {
  username: string;
  endpoint: string;
  has_password: boolean;
  updated_at: string;
}

const MESSAGES: Record<string, string> = {
  no_dois: "No public article of this issue has a DOI yet: set the DOI prefix in Settings, or a DOI on the articles.",
  missing_issn: "Crossref needs the journal's print or online ISSN: add it in Settings first.",
  no_crossref_account: "Enter the journal's Crossref login first.",
  crossref_password_unreadable: "The stored Crossref password can no longer be read: enter it again.",
  invalid_endpoint: "The endpoint must be an https:// address such as https://doi.crossref.org.",
  password_required: "Enter the Crossref password.",
};

const STATUS: Record<Deposit["status"], { label: string; badge: string }> = {
  submitted: { label: "Submitted, waiting for Crossref", badge: "badge--info" },
  registered: { label: "Registered", badge: "badge--success" },
  failed: { label: "Failed", badge: "badge--danger" },
};

const when = (iso: string) => (iso ? new Date(iso).toLocaleString() : "");

export function CrossrefDeposits(props: { year: number; volume: number; issue: number }) {
  const issue = { year: props.year, vol: props.volume, issue: props.issue };
  const depositsPath = apiPath(scholarlyApi.deposits, issue);
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const [deposits, setDeposits] = useState<Deposit[]>([]);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const load = useCallback(async () => {
    const [a, d] = await Promise.all([
      adminJson<{ account: Account | null }>(apiPath(scholarlyApi.crossrefAccount)),
      adminJson<{ deposits: Deposit[] }>(depositsPath),
    ]);
    setAccount(a.account);
    setDeposits(d.deposits);
  }, [depositsPath]);

  useEffect(() => {
    load().catch((error) => {
      console.error("Loading Crossref deposits failed", error);
      setAccount(null);
    });
  }, [load]);

  async function run(name: string, action: () => Promise<void>) {
    if (busy) return;
    setBusy(name);
    setProblem(null);
    try {
      await action();
      await load();
    } catch (error) {
      setProblem(MESSAGES[errorCode(error)] ?? "Something went wrong");
    } finally {
      setBusy(null);
    }
  }

  async function saveAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await run("account", async () => {
      await adminJson(apiPath(scholarlyApi.saveCrossrefAccount), {
        method: "PUT",
        json: { username: data.get("username"), password: data.get("password"), endpoint: data.get("endpoint") },
      });
      setEditing(false);
    });
  }

  const mayChangeLogin = mayUse(useSession()?.user.role, "settings");
  const showForm = mayChangeLogin && (account === null || editing);
  return (
    <section className="panel crossref-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form__section-title">
        Crossref
      </h2>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {account && !editing && (
        <p className="field__hint">
          Deposits as <strong>{account.username}</strong> to {account.endpoint}.{" "}
          {mayChangeLogin && (
            <button type="button" className="btn btn--link" onClick={() => setEditing(true)}>
              Change login
            </button>
          )}
        </p>
      )}
      {account === null && !mayChangeLogin && (
        <p className="field__hint">No Crossref login yet: a journal manager enters it here, then deposits can be sent.</p>
      )}
      {showForm && account !== undefined && (
        <form className="crossref-panel__login" onSubmit={saveAccount}>
          <label>
            Crossref username
            <input name="username" required defaultValue={account?.username ?? ""} autoComplete="off" />
          </label>
          <label>
            Password{account?.has_password ? " (leave empty to keep)" : ""}
            <input name="password" type="password" autoComplete="new-password" required={!account?.has_password} />
          </label>
          <label>
            Endpoint
            <select name="endpoint" defaultValue={account?.endpoint ?? "https://test.crossref.org"}>
              <option value="https://test.crossref.org">Crossref test (test.crossref.org)</option>
              <option value="https://doi.crossref.org">Crossref production (doi.crossref.org)</option>
              {account && !account.endpoint.endsWith("crossref.org") && <option value={account.endpoint}>{account.endpoint}</option>}
            </select>
          </label>
          <div className="crossref-panel__actions">
            <button type="submit" className="btn btn--primary" disabled={busy !== null}>
              {busy === "account" ? "Saving…" : "Save login"}
            </button>
            {editing && (
              <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {account && (
        <BusyButton
          busy={busy === "deposit"}
          busyLabel="Sending to Crossref…"
          className="btn btn--primary"
          onClick={() => run("deposit", async () => void (await adminJson(apiPath(scholarlyApi.deposit, issue), { method: "POST" })))}
        >
          Deposit to Crossref
        </BusyButton>
      )}
      {deposits.length > 0 && (
        <ul className="crossref-panel__list">
          {deposits.map((d) => (
            <li key={d.id}>
              <span className={`badge ${STATUS[d.status].badge}`}>{STATUS[d.status].label}</span> {d.dois.length} DOI
              {d.dois.length === 1 ? "" : "s"}, sent {when(d.submitted_at)}
              {d.submitted_by && ` by ${d.submitted_by}`}
              {d.checked_at && `, checked ${when(d.checked_at)}`}
              {d.message && <span className="crossref-panel__message">{d.message}</span>}
              {d.status === "submitted" && (
                <BusyButton
                  busy={busy === `check-${d.id}`}
                  busyLabel="Asking Crossref…"
                  className="btn btn--ghost"
                  onClick={() =>
                    run(
                      `check-${d.id}`,
                      async () => void (await adminJson(apiPath(scholarlyApi.checkDeposit, { id: d.id }), { method: "POST" })),
                    )
                  }
                >
                  Check status
                </BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
