// Restore one journal from a backup (docs/decisions/0260-restore-from-the-console.md): upload the tar (with its upload
// progress), read what it holds and whether its signature holds, choose "as a new journal" or "over the same
// journal" (its slug typed), tick "trust this backup" only for one whose signature does not hold, then follow the
// restore's progress lines to the counts. Nothing is written before the Restore button; the server checks it all again.
import { useState } from "react";
import {
  RESTORE_MAX_BYTES,
  RESTORE_MESSAGES,
  type ConsoleRestoreMode,
  type RestoreProgress,
  type RestoreUpload,
} from "#contract/platform-restore";
import { ConsoleError, consoleApi, operatorToken } from "./console-api";
import { apiCall, apiPath } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";
import { platformMessage } from "#contract/platform";
import { bytes, when } from "./format";
import { Messages } from "./messages";

const messageOf = (code: string, reason?: string) => {
  const words = RESTORE_MESSAGES[code] ?? platformMessage(code);
  return reason ? `${words}: ${reason}` : words;
};

/** Uploads the file with XMLHttpRequest, the one browser call that reports upload progress. */
function uploadBackup(file: File, onProgress: (fraction: number) => void): Promise<RestoreUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(platformApi.uploadRestore.method, apiPath(platformApi.uploadRestore));
    xhr.setRequestHeader("Authorization", `Bearer ${operatorToken.get() ?? ""}`);
    xhr.setRequestHeader("Content-Type", "application/x-tar");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error("The upload stopped: check the connection and try again"));
    xhr.onload = () => {
      let body: { upload?: RestoreUpload; error?: string; reason?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 201 && body.upload) resolve(body.upload);
      else reject(new Error(messageOf(body.error ?? "internal_error", body.reason)));
    };
    xhr.send(file);
  });
}

/** Starts the restore and calls `onLine` for each NDJSON line as it arrives. */
async function runRestore(
  id: string,
  body: { mode: ConsoleRestoreMode; confirm?: string; trustUnsigned: boolean },
  onLine: (line: RestoreProgress) => void,
) {
  const res = await fetch(apiPath(platformApi.runRestore, { upload: id }), {
    method: platformApi.runRestore.method,
    headers: { Authorization: `Bearer ${operatorToken.get() ?? ""}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; reason?: string };
    throw new Error(messageOf(data.error ?? "internal_error", data.reason));
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as RestoreProgress);
    if (done) break;
  }
}

type Done = Extract<RestoreProgress, { type: "done" }>;

export function RestorePanel() {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [upload, setUpload] = useState<RestoreUpload | null>(null);
  const [mode, setMode] = useState<ConsoleRestoreMode>("new");
  const [confirm, setConfirm] = useState("");
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [progress, setProgress] = useState<string[]>([]);
  const [done, setDone] = useState<Done | null>(null);

  const reset = () => {
    setUpload(null);
    setSent(null);
    setMode("new");
    setConfirm("");
    setTrust(false);
    setProgress([]);
    setDone(null);
  };
  const check = async () => {
    if (!file) return;
    reset();
    setError("");
    if (file.size > RESTORE_MAX_BYTES) return setError(messageOf("backup_too_large"));
    setBusy(true);
    try {
      setSent(0);
      setUpload(await uploadBackup(file, setSent));
    } catch (err) {
      setError((err as Error).message);
      setSent(null);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (upload) await consoleApi(apiCall(platformApi.cancelRestore, { upload: upload.id })).catch(() => {});
    reset();
    setFile(null);
  };
  const restore = async () => {
    if (!upload) return;
    setBusy(true);
    setError("");
    setProgress([]);
    try {
      await runRestore(upload.id, { mode, confirm: mode === "replace" ? confirm : undefined, trustUnsigned: trust }, (line) => {
        if (line.type === "progress") setProgress((p) => [...p, line.message]);
        else if (line.type === "done") {
          setDone(line);
          setUpload(null);
        } else {
          setError(`${line.type === "refused" ? "Refused, nothing was written" : "The restore stopped"}: ${line.reason}`);
          if (line.type === "refused") setUpload(null);
        }
      });
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const unverified = upload?.signatureProblem ?? null;
  const ready =
    upload !== null &&
    !busy &&
    (!unverified || trust) &&
    (mode === "new" || (upload.sameJournal !== null && confirm === upload.sameJournal.slug));

  return (
    <div className="console-panel console-restore">
      <h2 id="restore-heading">Restore a journal from a backup</h2>
      <p className="console-muted">
        A backup the console downloaded (a .tar, at most {RESTORE_MAX_BYTES / 1024 / 1024} MB; larger ones with <code>npm run restore</code>
        ). It is checked before anything is written: this platform's signature, every file's hash, and that it holds only its own journal's
        rows and files.
      </p>
      <form
        className="console-form console-form-row"
        aria-labelledby="restore-heading"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <label>
          Backup file
          <input
            type="file"
            name="backupFile"
            accept=".tar,application/x-tar"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              reset();
              setError("");
            }}
          />
        </label>
        <button type="submit" disabled={!file || busy}>
          Upload and check
        </button>
      </form>
      {sent !== null && !upload && !done ? (
        <p>
          <label>
            Uploading {file?.name}
            <progress max={1} value={sent} />
          </label>
        </p>
      ) : null}

      {upload ? (
        <div className="console-restore-plan">
          <h3>What the backup holds</h3>
          <dl className="console-facts">
            <dt>Journal</dt>
            <dd>
              {upload.journal.name} (<code>{upload.journal.slug}</code>, #{upload.journal.id})
            </dd>
            <dt>Made</dt>
            <dd>{when(upload.createdAt)}</dd>
            <dt>Contents</dt>
            <dd>
              {upload.rows} rows in {upload.tables.filter((t) => t.rows > 0).length} tables, {upload.files} files ({bytes(upload.bytes)})
            </dd>
            <dt>Signature</dt>
            <dd data-testid="restore-signature" className={unverified ? "console-error" : "console-notice"}>
              {unverified ? `Does not hold: ${unverified}` : "Signed by this platform, nothing altered"}
            </dd>
          </dl>
          <fieldset className="console-choice">
            <legend>Restore it</legend>
            <label className="console-inline">
              <input type="radio" name="restoreMode" value="new" checked={mode === "new"} onChange={() => setMode("new")} />
              As a new journal (a copy: new ids; hosts and a slug already in use here are left out and said)
            </label>
            <label className="console-inline">
              <input
                type="radio"
                name="restoreMode"
                value="replace"
                checked={mode === "replace"}
                disabled={!upload.sameJournal}
                onChange={() => setMode("replace")}
              />
              {upload.sameJournal
                ? `Over the same journal: ${upload.sameJournal.name} (its rows and files now are replaced by the backup's; its hosts, slug and status stay)`
                : "Over the same journal (not on this platform)"}
            </label>
          </fieldset>
          {mode === "replace" && upload.sameJournal ? (
            <label>
              Type the journal's slug, <code>{upload.sameJournal.slug}</code>, to replace everything it holds now
              <input name="confirmSlug" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} autoComplete="off" />
            </label>
          ) : null}
          {unverified ? (
            <label className="console-inline console-trust">
              <input type="checkbox" name="trustUnsigned" checked={trust} onChange={(e) => setTrust(e.currentTarget.checked)} />
              Trust this backup: this platform did not sign it as it is (it is older, made elsewhere, or changed since). Restore it only if
              you know where it comes from; it still brings only its own journal's rows and files, and the audit trail records that you
              trusted it.
            </label>
          ) : null}
          <div className="console-buttons">
            <button type="button" disabled={!ready} onClick={() => void restore()}>
              {mode === "replace" ? "Restore over the journal" : "Restore as a new journal"}
            </button>
            <button type="button" className="console-secondary" disabled={busy} onClick={() => void cancel()}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      {progress.length ? (
        <div className="console-restore-log">
          <h3>Progress</h3>
          {busy ? <progress aria-label="Restoring" /> : null}
          <ol aria-live="polite">
            {progress.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </div>
      ) : null}
      {done ? (
        <div className="console-notice" role="status" data-testid="restore-result">
          <p>
            Restored {done.mode === "replace" ? "over the journal" : "as a new journal"}{" "}
            <a href={`#/journals/${done.journal.id}`}>
              {done.journal.slug} (#{done.journal.id})
            </a>
            : {done.rows} rows and {done.files} files.
            {done.signatureProblem ? " Its signature did not hold; you trusted it (recorded in the audit trail)." : ""}
          </p>
          {done.notes.length ? (
            <ul>
              {done.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Messages error={error} notice="" />
    </div>
  );
}
