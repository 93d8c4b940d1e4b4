// `npm run bench:load [-- --duration 30 --connections 10]`: a bounded load run on loopback against a throwaway
// `npm start` (own free port, own temporary PERSIST_DIR, demo data): public reads mixed with admin writes
// (article adds with a PDF, editor adds, status toggles, settings saves) for 30 s with autocannon. Afterwards it
// checks that no answer was a server error and that every acknowledged write is present, stops the server, and
// audits the files (no orphan, none missing). Prints requests per second and latency percentiles.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openLocalPlatform, repoRoot, toolEnv } from "./local-state";
import { option } from "./platform";
import { auditFiles, type OrphanBucket, type OrphanDb } from "../worker/platform/file-orphans";
import type { AdminIssueArticles, ArchiveYear, Editor, IssueArticles } from "#contract/api";

const args = process.argv.slice(2);
const duration = Math.min(Number(option(args, "duration") ?? "30"), 120);
const connections = Math.min(Number(option(args, "connections") ?? "10"), 100);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const state = mkdtempSync(path.join(tmpdir(), "journal-edge-load-"));
let server: ChildProcess | undefined;

function stopServer(): Promise<void> {
  const child = server;
  if (!child?.pid || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(-child.pid!, "SIGTERM");
  });
}
process.on("SIGINT", () => void stopServer().then(() => process.exit(130)));

async function waitForServer(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/settings/`, { signal: AbortSignal.timeout(3000) })).ok) return;
    } catch {
      /* not yet */
    }
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error("npm start exited early");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start in time");
}

const json = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${base}${p}`, init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: HTTP ${res.status}`);
  return (await res.json()) as T;
};

/** A multipart body with the article fields and a small PDF, as the admin form sends it. */
function articleBody(n: string, at: { year: number; volume: number; issue: number }): { body: Buffer; type: string } {
  const boundary = `----load${n}`;
  const fields: Record<string, string> = {
    title: `Load test article ${n}`,
    abstract: "Measured under load.",
    authorname: "L. Oad",
    refnumber: `LOAD-${n}`,
    txnid: `TXN-LOAD-${n}`,
    ptype: "free",
    pagenumber: "1-4",
    publishdate: "2024-01-15",
    year: String(at.year),
    volume: String(at.volume),
    issue: String(at.issue),
    email: "load@example.org",
  };
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const pdf = `%PDF-1.4\n% load ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`;
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`,
  );
  return { body: Buffer.from(parts.join("")), type: `multipart/form-data; boundary=${boundary}` };
}

try {
  const skipBuild =
    existsSync(path.join(repoRoot, "dist/client/index.html")) && existsSync(path.join(repoRoot, "dist/journal_edge/wrangler.json"));
  console.log(
    `Starting a throwaway server on ${base} (state in ${state})${skipBuild ? " with the existing build" : ", building first"}...`,
  );
  const { NODE_ENV: _n, ...env } = toolEnv({ PORT: String(port), PERSIST_DIR: state, ...(skipBuild ? { SKIP_BUILD: "1" } : {}) });
  server = spawn(path.join(repoRoot, "node_modules/.bin/tsx"), [path.join(repoRoot, "scripts/start.ts")], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForServer(Date.now() + 300_000);

  const login = await json<{ token: string }>("/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "demo-admin" }),
  });
  const auth = { authorization: `Bearer ${login.token}` };
  const [year] = await json<ArchiveYear[]>("/api/archives/");
  const issue = { year: year.year, volume: year.volume, issue: 1 };
  const issuePath = `/api/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}`;
  const sample = (await json<IssueArticles>(issuePath)).articles[0];
  const toggled = (await json<Editor[]>("/api/admin/editors", { headers: auth }))[0];

  let seq = 0;
  const next = () => `${process.pid}-${++seq}`;
  const acknowledged = { articles: new Set<string>(), editors: new Set<string>(), other: 0 };
  const statusCounts = new Map<number, number>();
  const serverErrors: string[] = [];
  const count = (what: string) => (status: number) => {
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    if (status >= 500) serverErrors.push(`${status} ${what}`);
  };

  console.log(`Load: ${connections} connections for ${duration} s, 8 public reads and 4 admin writes per round...`);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    timeout: 20,
    requests: [
      { method: "GET", path: "/api/settings/", onResponse: count("settings") },
      { method: "GET", path: "/api/editors/", onResponse: count("editors") },
      { method: "GET", path: issuePath, onResponse: count("issue") },
      {
        method: "POST",
        path: "/api/admin/archives/",
        setupRequest: (req) => {
          const n = next();
          const { body, type } = articleBody(n, issue);
          return { ...req, headers: { ...auth, "content-type": type, "x-load-ref": `LOAD-${n}` }, body };
        },
        onResponse: (status, body) => {
          count("article add")(status);
          if (status === 201) acknowledged.articles.add((JSON.parse(body) as { article: { refnumber: string } }).article.refnumber);
        },
      },
      { method: "GET", path: `/api/search?q=${encodeURIComponent("growth water")}`, onResponse: count("search") },
      { method: "GET", path: "/board", onResponse: count("board page") },
      {
        method: "POST",
        path: "/api/editors",
        setupRequest: (req) => ({
          ...req,
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ name: `Dr. Load ${next()}`, category: "assistant editor", post: "Lecturer", content: "Load University" }),
        }),
        onResponse: (status, body) => {
          count("editor add")(status);
          if (status === 201) acknowledged.editors.add((JSON.parse(body) as { editor: { name: string } }).editor.name);
        },
      },
      { method: "GET", path: `/api/archives/ref/${encodeURIComponent(sample.refnumber)}`, onResponse: count("article") },
      { method: "GET", path: sample.file_url ?? "/api/archives/", onResponse: count("article PDF") },
      {
        method: "POST",
        path: "/api/settings",
        setupRequest: (req) => ({
          ...req,
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ impactfactor: String((++seq % 900) / 100) }),
        }),
        onResponse: (status) => {
          count("settings save")(status);
          if (status === 200) acknowledged.other++;
        },
      },
      {
        method: "POST",
        path: `/api/editors/${toggled.id}`,
        setupRequest: (req) => ({
          ...req,
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ status: seq++ % 2 ? "enabled" : "disabled" }),
        }),
        onResponse: (status) => {
          count("editor toggle")(status);
          if (status === 200) acknowledged.other++;
        },
      },
      { method: "GET", path: "/api/archives/", onResponse: count("archives") },
    ],
  });

  // Every acknowledged write must be there.
  const storedEditors = new Set((await json<Editor[]>("/api/admin/editors", { headers: auth })).map((e) => e.name));
  const storedRefs = new Set(
    (await json<AdminIssueArticles>(`/api/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`, { headers: auth })).articles.map(
      (a) => a.refnumber,
    ),
  );
  const lostEditors = [...acknowledged.editors].filter((n) => !storedEditors.has(n));
  const lostArticles = [...acknowledged.articles].filter((r) => !storedRefs.has(r));
  await stopServer();
  const platform = await openLocalPlatform(state);
  const bindings = platform.env as unknown as Record<string, OrphanDb>;
  const databases = {
    platform: bindings.DB,
    journals: Object.keys(bindings)
      .filter((k) => k === "DB" || /^JOURNALS_\d+$/.test(k))
      .map((k) => bindings[k]),
  };
  const files = await auditFiles(databases, platform.env.FILES as unknown as OrphanBucket, {
    graceMs: 0,
    now: new Date(Date.now() + 60_000),
  });
  await platform.dispose();

  const byStatus = [...statusCounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  console.log("");
  console.log(`requests        ${result.requests.total} in ${result.duration} s (${connections} connections, loopback)`);
  console.log(`req/s           ${result.requests.average} average (min ${result.requests.min}, max ${result.requests.max})`);
  console.log(
    `latency         p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`answers         ${byStatus}; socket errors ${result.errors}, timeouts ${result.timeouts}`);
  console.log(`server errors   ${serverErrors.length}`);
  console.log(
    `writes          ${acknowledged.articles.size} articles + ${acknowledged.editors.size} editors added, ${acknowledged.other} settings saves/toggles acknowledged`,
  );
  console.log(
    `lost writes     ${lostArticles.length + lostEditors.length}${lostArticles.length + lostEditors.length ? ` (${[...lostArticles, ...lostEditors].slice(0, 5).join(", ")})` : ""}`,
  );
  console.log(`files           ${files.orphans.length + files.recent.length} orphan, ${files.missing.length} missing`);
  const ok =
    serverErrors.length === 0 &&
    result.errors === 0 &&
    result.timeouts === 0 &&
    lostArticles.length + lostEditors.length === 0 &&
    files.orphans.length + files.recent.length + files.missing.length === 0;
  console.log(ok ? "PASS" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} catch (err) {
  console.error(`bench:load failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  rmSync(state, { recursive: true, force: true });
}
