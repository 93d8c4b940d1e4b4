// The journals list (name, hosts, counts, storage, status, last change) and the form that creates a journal.
import { useEffect, useState } from "react";
import type { JournalSummary } from "#contract/platform";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { RestorePanel } from "./restore-panel";
import { bytes, journalOrigin, when } from "./format";
import { ConsoleTable } from "./console-table";
import { FeesPanel } from "./fees-panel";

const EMPTY = { name: "", abbreviation: "", issnPrint: "", issnOnline: "", contactEmail: "", primaryHost: "" };

export function JournalsPage() {
  const [journals, setJournals] = useState<JournalSummary[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const load = useAction();
  const create = useAction();
  const reload = () =>
    load.run(async () => setJournals((await consoleApi<{ journals: JournalSummary[] }>(apiCall(platformApi.journals))).journals));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once when the page opens
  useEffect(() => void reload(), []);
  const field = (name: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={name} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} {...extra} />
    </label>
  );
  return (
    <section>
      <h1>Journals</h1>
      <Messages error={load.error} notice="" />
      {journals === null ? (
        <p>Loading…</p>
      ) : (
        <ConsoleTable label="Journals" columns={["Name", "Hosts", "Issues", "Articles", "Editors", "Storage", "Status", "Last change"]}>
          {journals.map((j) => (
            <tr key={j.id}>
              <td data-label="Name">
                <a href={`#/journals/${j.id}`}>{j.name || `Journal ${j.id}`}</a>
                {j.isDefault ? <span className="console-tag">default</span> : null}
                <JournalSiteLinks journal={j} />
              </td>
              <td data-label="Hosts">{j.hosts.map((h) => h.host).join(", ")}</td>
              <td data-label="Issues">{j.counts.issues}</td>
              <td data-label="Articles">{j.counts.articles}</td>
              <td data-label="Editors">{j.counts.editors}</td>
              <td data-label="Storage">{bytes(j.storageBytes)}</td>
              <td data-label="Status">
                <span className={`console-status console-status-${j.status}`}>{j.status}</span>
              </td>
              <td data-label="Last change">{when(j.updatedAt)}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <FeesPanel />
      <h2>New journal</h2>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create.run(async () => {
            const { journal } = await consoleApi<{ journal: JournalSummary }>(apiCall(platformApi.createJournal), form);
            setForm(EMPTY);
            location.hash = `#/journals/${journal.id}`;
            return `Created ${journal.name}`;
          });
        }}
      >
        {field("name", "Journal name", { required: true })}
        {field("abbreviation", "Abbreviation")}
        {field("issnPrint", "Print ISSN", { placeholder: "2394-7500" })}
        {field("issnOnline", "Online ISSN")}
        {field("contactEmail", "Contact e-mail", { type: "email" })}
        {field("primaryHost", "Primary host", { required: true, placeholder: "journal.example.org" })}
        <button type="submit" disabled={create.busy}>
          Create journal
        </button>
        <Messages error={create.error} notice={create.notice} />
      </form>
      <RestorePanel />
    </section>
  );
}

/** Links to the journal's public site and its admin, on its primary host (a new tab). */
function JournalSiteLinks({ journal }: { journal: JournalSummary }) {
  const origin = journalOrigin(journal.hosts);
  if (!origin) return null;
  return (
    <span className="console-row-links">
      <a href={`${origin}/`} target="_blank" rel="noopener" aria-label={`Site of ${journal.name}`}>
        Site
      </a>{" "}
      ·{" "}
      <a href={`${origin}/admin`} target="_blank" rel="noopener" aria-label={`Admin of ${journal.name}`}>
        Admin
      </a>
    </span>
  );
}
