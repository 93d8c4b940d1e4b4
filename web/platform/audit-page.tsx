// The operators' audit trail: who did what, when, with the values before and after.
import { useEffect, useState } from "react";
import type { OperatorEventAnswer } from "#contract/platform";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { when } from "./format";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { ConsoleTable } from "./console-table";

const shown = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

export function AuditList({ journalId }: { journalId?: number }) {
  const [events, setEvents] = useState<OperatorEventAnswer[]>([]);
  const load = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the journal changes
  useEffect(
    () =>
      void load.run(async () =>
        setEvents((await consoleApi<{ events: OperatorEventAnswer[] }>(apiCall(platformApi.events, {}, { journal: journalId }))).events),
      ),
    [journalId],
  );
  return (
    <>
      <Messages error={load.error} notice="" />
      <ConsoleTable
        label="Audit trail"
        columns={["When", "Who", "What", journalId ? null : "Journal", "Before", "After"]}
        className="console-audit"
      >
        {events.map((e) => (
          <tr key={e.id}>
            <td data-label="When">{when(e.at)}</td>
            <td data-label="Who">{e.operator}</td>
            <td data-label="What">
              {e.action}
              <br />
              <span className="console-muted">{e.summary}</span>
            </td>
            {journalId ? null : <td data-label="Journal">{e.journalId ?? "—"}</td>}
            <td data-label="Before">
              <code>{shown(e.before)}</code>
            </td>
            <td data-label="After">
              <code>{shown(e.after)}</code>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}

export function AuditPage() {
  return (
    <section>
      <h1>Audit trail</h1>
      <AuditList />
    </section>
  );
}
