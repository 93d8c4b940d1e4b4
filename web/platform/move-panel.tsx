// A journal's database (issue 42 item 3, docs/decisions/0280): which journal database holds its rows, every
// database's size and journal count, and moving it to another one: a choice, a confirmation, then the move's live
// progress (phase, rows copied of the total) until it is done or says why it failed. A move whose runner died (a
// server stopped during it) says it has stalled and offers Resume (docs/decisions/0306).
import { useEffect, useState } from "react";
import { MOVE_PHASES, MOVE_STATE_LABELS, type MoveAnswer } from "#contract/journal-move";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { consoleApi } from "./console-api";
import { bytes, when } from "./format";
import { Messages } from "./messages";
import { useAction } from "./use-action";

const RUNNING = (state: string | undefined) => !!state && state !== "done" && state !== "failed";

export function MovePanel({ journalId, journalName }: { journalId: number; journalName: string }) {
  const [data, setData] = useState<MoveAnswer | null>(null);
  const [to, setTo] = useState("");
  const load = useAction();
  const act = useAction();
  const refresh = async () => setData(await consoleApi<MoveAnswer>(apiCall(platformApi.journalMove, { id: journalId })));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per journal
  useEffect(() => void load.run(refresh), [journalId]);
  const running = RUNNING(data?.move?.state);
  // While a move runs, its progress is read every second (the Workflow runs on without this page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls while running
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh().catch(() => {}), 1000);
    return () => clearInterval(timer);
  }, [running, journalId]);
  if (!data) return <Messages error={load.error} notice={load.error ? "" : "Loading…"} />;
  const here = data.journal.shard;
  const targets = data.databases.filter((d) => d.name !== here && d.name !== "DB");
  const move = data.move;
  const percent = move && move.rowsTotal > 0 ? Math.min(100, Math.round((move.rowsCopied / move.rowsTotal) * 100)) : 0;
  return (
    <section className="console-panel" aria-labelledby="database-heading">
      <h2 id="database-heading">Database</h2>
      <p>
        This journal's rows are in <strong>{here}</strong>. Its files stay where they are (they are kept per journal, not per database).
      </p>
      <div className="console-table-wrap">
        <table className="console-table" aria-label="Journal databases">
          <thead>
            <tr>
              <th scope="col">Database</th>
              <th scope="col">Size</th>
              <th scope="col">Journals</th>
              <th scope="col">New journals</th>
            </tr>
          </thead>
          <tbody>
            {data.databases.map((d) => (
              <tr key={d.name} aria-current={d.name === here ? "true" : undefined}>
                <th scope="row">
                  {d.name}
                  {d.name === here ? " (this journal)" : ""}
                </th>
                <td data-label="Size">{bytes(d.bytes)}</td>
                <td data-label="Journals">{d.journals}</td>
                <td data-label="New journals">
                  {d.acceptsNew ? "open" : "closed (moves only)"}{" "}
                  {d.name !== "DB" ? (
                    <button
                      type="button"
                      className="console-move-toggle"
                      disabled={act.busy}
                      aria-label={`${d.acceptsNew ? "Close" : "Open"} ${d.name} ${d.acceptsNew ? "to" : "for"} new journals`}
                      onClick={() =>
                        void act.run(async () => {
                          const answer = await consoleApi<{ databases: MoveAnswer["databases"] }>(
                            apiCall(platformApi.databaseState, { name: d.name }),
                            { acceptsNew: !d.acceptsNew },
                          );
                          setData((now) => (now ? { ...now, databases: answer.databases } : now));
                          return `${d.name} ${d.acceptsNew ? "is closed to" : "takes"} new journals.`;
                        })
                      }
                    >
                      {d.acceptsNew ? "Close" : "Open"}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {move ? <MoveProgressView move={move} percent={percent} /> : null}
      {running && move?.resumable ? (
        <div className="console-move-stalled" role="status">
          <p>
            <strong>This move has stopped making progress</strong> (last at {when(move.progressAt)}): whatever ran it has stopped. Resume it
            to finish from where it stopped; the daily maintenance would resume it too.
          </p>
          <button
            type="button"
            disabled={act.busy}
            onClick={() =>
              void act.run(async () => {
                setData(await consoleApi<MoveAnswer>(apiCall(platformApi.resumeMove, { id: journalId })));
                return "Move resumed: it goes on if you close this page.";
              })
            }
          >
            Resume move
          </button>
        </div>
      ) : null}
      {!running && targets.length > 0 ? (
        <form
          className="console-move-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!to) return;
            if (!window.confirm(MOVE_WARNING(journalName, here, to))) return;
            void act.run(async () => {
              setData(await consoleApi<MoveAnswer>(apiCall(platformApi.moveJournal, { id: journalId }), { to }));
              setTo("");
              return "Move started: it goes on if you close this page.";
            });
          }}
        >
          <label htmlFor="move-to">Move to…</label>
          <select id="move-to" value={to} onChange={(e) => setTo(e.target.value)} required>
            <option value="">Choose a database</option>
            {targets.map((d) => (
              <option key={d.name} value={d.name}>
                {d.name} ({bytes(d.bytes)}, {d.journals} {d.journals === 1 ? "journal" : "journals"})
              </option>
            ))}
          </select>
          <button type="submit" disabled={act.busy || !to}>
            Move journal
          </button>
        </form>
      ) : null}
      {/* "Move started" / "Move resumed" belong to a running move; the progress says the rest. */}
      <Messages error={act.error || load.error} notice={running || !/^Move (started|resumed)/.test(act.notice) ? act.notice : ""} />
    </section>
  );
}

function MoveProgressView({ move, percent }: { move: NonNullable<MoveAnswer["move"]>; percent: number }) {
  const step = MOVE_PHASES.indexOf(move.state as (typeof MOVE_PHASES)[number]);
  return (
    <div className="console-move" aria-live="polite">
      <h3>
        {move.state === "done" ? "Last move" : move.state === "failed" ? "Last move failed" : "Moving"}: {move.from} → {move.to}
      </h3>
      <p>
        <strong>{MOVE_STATE_LABELS[move.state]}</strong>
        {step >= 0 && move.state !== "done" ? ` (step ${step + 1} of ${MOVE_PHASES.length - 1})` : ""}
      </p>
      <label className="console-move-bar">
        Rows copied: {move.rowsCopied.toLocaleString()} of {move.rowsTotal.toLocaleString()}
        <progress max={100} value={move.state === "done" ? 100 : percent}>
          {percent}%
        </progress>
      </label>
      {move.error ? (
        <p className="console-error" role="alert">
          {move.error}
        </p>
      ) : null}
      <p className="console-muted">
        Started {when(move.startedAt)} by {move.operator || "a script"}
        {move.resumes > 0 ? ` · resumed ${move.resumes === 1 ? "once" : `${move.resumes} times`}` : ""}
        {move.switchedAt ? ` · switched ${when(move.switchedAt)} · writes paused ${(move.pausedMs / 1000).toFixed(1)} s` : ""}
        {move.finishedAt ? ` · finished ${when(move.finishedAt)}` : ""}
      </p>
    </div>
  );
}

const MOVE_WARNING = (name: string, from: string, to: string) =>
  `Move "${name}" from ${from} to ${to}?\n\nReaders are not affected. Saving changes pauses for a few seconds near the end (staff's pages retry by themselves). The move goes on if you close this page.`;
