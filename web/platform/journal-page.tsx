// One journal: identity, suspend/resume, hosts (add, remove, make primary, alternate header), staff accounts,
// its database (and moving it to another), backup and delete (after a backup, with the name typed), and its audit trail.
import { useEffect, useState } from "react";
import type { JournalSummary } from "#contract/platform";
import { consoleApi, downloadBackup } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { bytes, journalOrigin, when } from "./format";
import { StaffPanel } from "./staff-panel";
import { TransferPanel } from "./transfer-panel";
import { MovePanel } from "./move-panel";
import { AuditList } from "./audit-page";
import { apiCall, type ApiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { ConsoleTable } from "./console-table";
import { HostDnsPanel, hostStatusWords } from "./host-dns-panel";
import { MailDomainPanel } from "./mail-domain-panel";

export function JournalPage({ id }: { id: number }) {
  const [journal, setJournal] = useState<JournalSummary | null>(null);
  const load = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the journal changes
  useEffect(
    () =>
      void load.run(async () => setJournal((await consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.journal, { id }))).journal)),
    [id],
  );
  if (!journal) return <Messages error={load.error} notice={load.error ? "" : "Loading…"} />;
  const update = (j: JournalSummary) => setJournal(j);
  return (
    <section>
      <p>
        <a href="#/">← Journals</a>
      </p>
      <h1>
        {journal.name} <span className={`console-status console-status-${journal.status}`}>{journal.status}</span>
      </h1>
      <p className="console-muted">
        {journal.counts.issues} issues · {journal.counts.articles} articles · {journal.counts.editors} editors ·{" "}
        {bytes(journal.storageBytes)} of files · last backup {when(journal.lastBackupAt)}
      </p>
      <JournalLinks journal={journal} />
      <IdentityForm journal={journal} onSaved={update} />
      <StatusPanel journal={journal} onSaved={update} />
      <HostsPanel journal={journal} onSaved={update} />
      <MailPanel journal={journal} onSaved={update} />
      <StaffPanel journalId={journal.id} />
      <TransferPanel journalId={journal.id} />
      <MovePanel journalId={journal.id} journalName={journal.name} />
      <BackupPanel
        journal={journal}
        onChanged={() =>
          load.run(async () => setJournal((await consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.journal, { id }))).journal))
        }
      />
      <h2>History</h2>
      <AuditList journalId={journal.id} />
    </section>
  );
}

type Props = { journal: JournalSummary; onSaved: (j: JournalSummary) => void };

function IdentityForm({ journal, onSaved }: Props) {
  const initial = {
    name: journal.name,
    abbreviation: journal.abbreviation,
    issnPrint: journal.issnPrint,
    issnOnline: journal.issnOnline,
    contactEmail: journal.contactEmail,
  };
  const [form, setForm] = useState(initial);
  const save = useAction();
  const field = (name: keyof typeof initial, label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} {...extra} />
    </label>
  );
  return (
    <form
      className="console-form"
      aria-labelledby="identity-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(async () => {
          onSaved((await consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.editJournal, { id: journal.id }), form)).journal);
          return "Saved";
        });
      }}
    >
      <h2 id="identity-heading">Identity</h2>
      {field("name", "Journal name", { required: true })}
      {field("abbreviation", "Abbreviation")}
      {field("issnPrint", "Print ISSN")}
      {field("issnOnline", "Online ISSN")}
      {field("contactEmail", "Contact e-mail", { type: "email" })}
      <button type="submit" disabled={save.busy}>
        Save identity
      </button>
      <Messages error={save.error} notice={save.notice} />
    </form>
  );
}

const SUSPEND_WARNING = (name: string) =>
  `Suspend ${name}?\n\nWhat stops: every page, file and download on the journal's hosts answers a 503 notice; its staff cannot sign in to its admin; nothing is counted or indexed.\n\nWhat goes on: certificates already issued still verify at /verify on its hosts. Nothing is deleted, and Resume brings everything back as it was.`;

/** The journal's site and admin area on its primary host (same scheme and port as the console: local or not). */
function JournalLinks({ journal }: { journal: JournalSummary }) {
  const origin = journalOrigin(journal.hosts);
  const primary = journal.hosts.find((h) => h.primary) ?? journal.hosts[0];
  if (!origin || !primary) return null;
  return (
    <p className="console-links">
      <a href={`${origin}/`} target="_blank" rel="noopener">
        Open the site ({primary.host})
      </a>{" "}
      ·{" "}
      <a href={`${origin}/admin`} target="_blank" rel="noopener">
        Open its admin
      </a>
    </p>
  );
}

function StatusPanel({ journal, onSaved }: Props) {
  const act = useAction();
  const suspended = journal.status === "suspended";
  return (
    <div className="console-panel">
      <h2>Status</h2>
      <p>
        {suspended
          ? "Suspended: every host of this journal answers a 503 notice, except /verify: certificates already issued still verify. Nothing is deleted."
          : "Active: the journal is online."}
      </p>
      <button
        type="button"
        disabled={act.busy}
        onClick={() => {
          // Suspending takes a journal offline for its readers and staff: say what stops (and what does not) first.
          if (!suspended && !window.confirm(SUSPEND_WARNING(journal.name))) return;
          act.run(async () => {
            onSaved(
              (
                await consoleApi<{ journal: JournalSummary }>(
                  apiCall(suspended ? platformApi.resume : platformApi.suspend, { id: journal.id }),
                )
              ).journal,
            );
            return suspended ? "Resumed" : "Suspended";
          });
        }}
      >
        {suspended ? "Resume journal" : "Suspend journal"}
      </button>
      <Messages error={act.error} notice={act.notice} />
    </div>
  );
}

function HostsPanel({ journal, onSaved }: Props) {
  const [host, setHost] = useState("");
  const [alt, setAlt] = useState(false);
  const act = useAction();
  const call = (to: ApiCall, body?: unknown, message?: string) =>
    act.run(async () => {
      onSaved((await consoleApi<{ journal: JournalSummary }>(to, body)).journal);
      return message;
    });
  const reload = () =>
    consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.journal, { id: journal.id }))
      .then((r) => onSaved(r.journal))
      .catch(() => undefined);
  return (
    <div className="console-panel">
      <h2>Hosts</h2>
      <p className="console-muted">Changes reach every reader within 30 seconds (at once here).</p>
      <ConsoleTable label="Hosts" columns={["Host", "Status", "Primary", "Alternate header", "Actions"]}>
        {journal.hosts.map((h) => (
          <tr key={h.host}>
            <td data-label="Host">{h.host}</td>
            <td data-label="Status">{h.certificateStatus ? hostStatusWords(h) : "Active"}</td>
            <td data-label="Primary">
              {h.primary ? (
                "yes"
              ) : (
                <button
                  type="button"
                  onClick={() =>
                    call(apiCall(platformApi.editHost, { id: journal.id, host: h.host }), { primary: true }, `${h.host} is primary`)
                  }
                >
                  Make primary
                </button>
              )}
            </td>
            <td data-label="Alternate header">
              <label className="console-inline">
                <input
                  type="checkbox"
                  checked={h.altHeader}
                  onChange={(e) =>
                    call(apiCall(platformApi.editHost, { id: journal.id, host: h.host }), { altHeader: e.currentTarget.checked }, "Saved")
                  }
                />
                Alternate header on {h.host}
              </label>
            </td>
            <td data-label="Actions">
              {h.primary ? null : (
                <button
                  type="button"
                  onClick={() =>
                    // When Cloudflare could not delete the custom hostname the host stays: reload to show why.
                    call(apiCall(platformApi.deleteHost, { id: journal.id, host: h.host }), undefined, `${h.host} removed`).then(reload)
                  }
                >
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      {journal.hosts
        .filter((h) => h.certificateStatus !== null)
        .map((h) => (
          <HostDnsPanel
            key={h.host}
            host={h}
            busy={act.busy}
            onRefresh={() =>
              call(apiCall(platformApi.refreshHost, { id: journal.id, host: h.host }), undefined, `Cloudflare asked about ${h.host}`)
            }
          />
        ))}
      <form
        className="console-form console-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          void call(apiCall(platformApi.addHost, { id: journal.id }), { host, altHeader: alt }, `${host} added`).then(() => setHost(""));
        }}
      >
        <label>
          New host
          <input name="host" required value={host} placeholder="www.journal.example.org" onChange={(e) => setHost(e.currentTarget.value)} />
        </label>
        <label className="console-inline">
          <input type="checkbox" checked={alt} onChange={(e) => setAlt(e.currentTarget.checked)} />
          Alternate header
        </label>
        <button type="submit" disabled={act.busy}>
          Add host
        </button>
      </form>
      <Messages error={act.error} notice={act.notice} />
    </div>
  );
}

/** Mail from the journal's own domain (docs/decisions/0395): its Email Service records, checked on Refresh. */
function MailPanel({ journal, onSaved }: Props) {
  const act = useAction();
  const mail = journal.mail;
  return (
    <div className="console-panel">
      <h2>Mail domain</h2>
      {mail ? (
        <MailDomainPanel
          mail={mail}
          busy={act.busy}
          onRefresh={() =>
            act.run(async () => {
              onSaved((await consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.refreshMail, { id: journal.id }))).journal);
              return `Mail records of ${mail.domain} checked`;
            })
          }
        />
      ) : (
        <p className="console-muted">The journal has no sender address yet (its contact e-mail, or Settings → Workflow in its admin).</p>
      )}
      <Messages error={act.error} notice={act.notice} />
    </div>
  );
}

function BackupPanel({ journal, onChanged }: { journal: JournalSummary; onChanged: () => void }) {
  const [confirmName, setConfirmName] = useState("");
  const backup = useAction();
  const remove = useAction();
  return (
    <div className="console-panel">
      <h2>Backup and deletion</h2>
      <p className="console-muted">
        A backup holds the journal's rows and files (the format of <code>npm run backup</code>); restore it from the{" "}
        <a href="#/">Journals</a> page (as a new journal or over this one), or with <code>npm run restore -- --in FILE.tar</code>.
      </p>
      <button
        type="button"
        disabled={backup.busy}
        onClick={() =>
          backup.run(async () => {
            await downloadBackup(journal.id);
            onChanged();
            return "Backup downloaded";
          })
        }
      >
        Download backup
      </button>
      <Messages error={backup.error} notice={backup.notice} />
      <form
        className="console-form console-danger"
        onSubmit={(e) => {
          e.preventDefault();
          void remove.run(async () => {
            await consoleApi(apiCall(platformApi.deleteJournal, { id: journal.id }), { confirmName });
            location.hash = "#/";
            return "Deleted";
          });
        }}
      >
        <label>
          Type the journal's name to delete it, with all its files
          <input name="confirmName" value={confirmName} onChange={(e) => setConfirmName(e.currentTarget.value)} autoComplete="off" />
        </label>
        <button type="submit" disabled={remove.busy || !journal.lastBackupAt || confirmName.trim() !== journal.name.trim()}>
          Delete journal
        </button>
        {!journal.lastBackupAt ? <p className="console-muted">Download a backup first.</p> : null}
        <Messages error={remove.error} notice={remove.notice} />
      </form>
    </div>
  );
}
