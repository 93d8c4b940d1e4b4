// The journals list (name, hosts, counts, storage, status, last change) and the form that creates a journal.
import { useEffect, useState } from "react";
import type { JournalSummary } from "#contract/platform";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { bytes, when } from "./format";

const EMPTY = { name: "", abbreviation: "", issnPrint: "", issnOnline: "", contactEmail: "", primaryHost: "" };

export function JournalsPage() {
  const [journals, setJournals] = useState<JournalSummary[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const load = useAction();
  const create = useAction();
  const reload = () => load.run(async () => setJournals((await consoleApi<{ journals: JournalSummary[] }>("GET", "/journals")).journals));
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
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
        <div className="console-table-wrap" role="region" aria-label="Journals" tabIndex={0}>
          <table className="console-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Hosts</th>
                <th>Issues</th>
                <th>Articles</th>
                <th>Editors</th>
                <th>Storage</th>
                <th>Status</th>
                <th>Last change</th>
              </tr>
            </thead>
            <tbody>
              {journals.map((j) => (
                <tr key={j.id}>
                  <td>
                    <a href={`#/journals/${j.id}`}>{j.name || `Journal ${j.id}`}</a>
                    {j.isDefault ? <span className="console-tag">default</span> : null}
                  </td>
                  <td>{j.hosts.map((h) => h.host).join(", ")}</td>
                  <td>{j.counts.issues}</td>
                  <td>{j.counts.articles}</td>
                  <td>{j.counts.editors}</td>
                  <td>{bytes(j.storageBytes)}</td>
                  <td>
                    <span className={`console-status console-status-${j.status}`}>{j.status}</span>
                  </td>
                  <td>{when(j.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>New journal</h2>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create.run(async () => {
            const { journal } = await consoleApi<{ journal: JournalSummary }>("POST", "/journals", form);
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
    </section>
  );
}
