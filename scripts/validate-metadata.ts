// npm run validate:metadata: every machine output issue 40 added, for every demo article and issue of both demo
// journals, checked by tools nobody here wrote (docs/decisions/0220-0223): each article's JATS file (xmllint, JATS 1.3),
// OAI-PMH GetRecord in jats and marcxml (xmllint, OAI-PMH + MARC21 slim + Crossref's JATS), each issue's DOAJ XML
// (xmllint, doajArticles.xsd) and Crossref deposit (xmllint, Crossref 5.3.1), and the COUNTER_SUSHI answers
// (Python's jsonschema against COUNTER's OpenAPI document). Demo ORCID iDs must lie in ORCID's issued blocks.
//
// Starts a throwaway `npm start` with fresh demo data, or checks a running one: BASE_URL=http://127.0.0.1:8787.
// Needs xmllint (libxml2-utils) and python3 with jsonschema (python3-jsonschema).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ArchiveYear, ArticleDetail, IssueArticles } from "#contract/api";
import { isIssuedOrcidRange } from "#contract/orcid-ranges";
import { repoRoot } from "./local-state";
import { startThrowawayServer } from "./throwaway-server";

const JOURNALS = ["localhost", "journal2.localhost"];
const schemas = (p: string) => path.join(repoRoot, "tests/schemas", p);

/** GET/POST with the journal's Host (Node's fetch drops a Host header). */
function call(
  base: string,
  host: string,
  pathname: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const url = new URL(pathname, base);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        headers: { Host: host, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

async function json<T>(base: string, host: string, pathname: string, init: Parameters<typeof call>[3] = {}): Promise<T> {
  const res = await call(base, host, pathname, init);
  if (res.status >= 300) throw new Error(`${host}${pathname}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text) as T;
}

/** xmllint over many files with one schema load; the files that fail, with xmllint's words. */
function xmllint(schema: string, files: string[]): string[] {
  if (!files.length) return [];
  try {
    execFileSync("xmllint", ["--nonet", "--noout", "--schema", schema, ...files], { stdio: "pipe", maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (err) {
    const out = String((err as { stderr?: Buffer }).stderr ?? err);
    return out.split("\n").filter((l) => l && !l.endsWith(" validates"));
  }
}

const COUNTER_CHECK = readFileSync(path.join(repoRoot, "tests/file-checkers.ts"), "utf8").match(
  /const COUNTER_API_CHECK = `([\s\S]*?)`;/,
)![1];

function counterCheck(dir: string, name: string, body: string, specPath: string, status: number): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, body);
  try {
    execFileSync("python3", ["-c", COUNTER_CHECK, schemas("counter/COUNTER_API.json"), file, specPath, String(status)], { stdio: "pipe" });
    return [];
  } catch (err) {
    return [`${name}: ${String((err as { stdout?: Buffer }).stdout ?? err)}`];
  }
}

async function main() {
  const server = process.env.BASE_URL ? null : await startThrowawayServer("validate-metadata");
  const base = process.env.BASE_URL ?? server!.base;
  const dir = mkdtempSync(path.join(tmpdir(), "validate-metadata-"));
  const files = { jats: [] as string[], oai: [] as string[], doaj: [] as string[], crossref: [] as string[] };
  const problems: string[] = [];
  const counts = { articles: 0, issues: 0, orcids: 0 };
  try {
    for (const host of JOURNALS) {
      const login = await json<{ token: string }>(base, host, "/auth/login/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "demo-admin" }),
      });
      const auth = { Authorization: `Bearer ${login.token}` };
      const settings = await json<{ domain: string }>(base, host, "/api/settings/");
      const years = await json<ArchiveYear[]>(base, host, "/api/archives/");
      for (const y of years) {
        for (let n = 1; n <= y.total_issues; n++) {
          const issue = await json<IssueArticles>(base, host, `/api/archives/${y.year}/vol${y.volume}/issue${n}`);
          if (!issue.articles.length) continue;
          counts.issues++;
          const tag = `${host}-${y.year}-${y.volume}-${n}`;
          for (const [kind, list] of [
            ["doaj", files.doaj],
            ["crossref", files.crossref],
          ] as const) {
            const res = await call(base, host, `/api/admin/${kind}/${y.year}/${y.volume}/${n}`, { headers: auth });
            if (res.status !== 200) problems.push(`${kind} ${tag}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
            else list.push(write(dir, `${kind}-${tag}.xml`, res.text));
          }
          for (const a of issue.articles) {
            counts.articles++;
            const page = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
            const jats = await call(base, host, `${page}.xml`);
            if (jats.status !== 200) problems.push(`JATS ${host}${page}.xml: HTTP ${jats.status}`);
            else files.jats.push(write(dir, `jats-${host}-${a.refnumber}.xml`, jats.text));
            for (const prefix of ["jats", "marcxml"]) {
              const id = `oai:${settings.domain}:${a.refnumber}`;
              const oai = await call(base, host, `/oai?verb=GetRecord&metadataPrefix=${prefix}&identifier=${encodeURIComponent(id)}`);
              if (oai.text.includes("<error")) problems.push(`OAI ${prefix} ${id}: ${oai.text.match(/<error[^>]*>[^<]*/)?.[0]}`);
              files.oai.push(write(dir, `oai-${prefix}-${host}-${a.refnumber}.xml`, oai.text));
            }
            const detail = await json<ArticleDetail>(base, host, `/api/archives/ref/${encodeURIComponent(a.refnumber)}`);
            for (const au of detail.authors.filter((x) => x.orcid)) {
              counts.orcids++;
              if (!isIssuedOrcidRange(au.orcid)) problems.push(`ORCID outside ORCID's issued blocks: ${au.orcid} (${a.refnumber})`);
            }
          }
        }
      }
      // COUNTER_SUSHI: a key made for this run, then every COUNTER 5.1 path and report, with the key's own customer_id.
      const made = await json<{ key: string; customer_id: string }>(base, host, "/api/admin/sushi-keys", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ customer_name: "validate:metadata" }),
      });
      const q = `customer_id=${made.customer_id}&api_key=${made.key}`;
      const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
      for (const [p, spec] of [
        ["/r51/status", "/r51/status"],
        [`/r51/members?${q}`, "/r51/members"],
        [`/r51/reports?${q}`, "/r51/reports"],
        [`/r51/reports/pr?${q}&begin_date=2020-01&end_date=${month}&attributes_to_show=Access_Method`, "/r51/reports/pr"],
        [`/r51/reports/pr_p1?${q}&begin_date=2020-01&end_date=${month}`, "/r51/reports/pr_p1"],
        [`/r51/reports/ir?${q}&begin_date=2020-01&end_date=${month}&attributes_to_show=YOP|Access_Type`, "/r51/reports/ir"],
        [`/r51/reports/ir_a1?${q}&begin_date=2020-01&end_date=${month}`, "/r51/reports/ir_a1"],
        [`/r51/reports/tr?${q}&begin_date=2020-01&end_date=${month}`, "/r51/reports/tr"],
        [`/r51/reports/tr_j3?${q}&begin_date=2020-01&end_date=${month}`, "/r51/reports/tr_j3"],
      ]) {
        const res = await call(base, host, `/api/sushi${p}`);
        problems.push(...counterCheck(dir, `sushi-${host}-${spec.replaceAll("/", "_")}.json`, res.text, spec, res.status));
      }
    }
    problems.push(...xmllint(schemas("jats-1.3/JATS-journalpublishing1-3d2-mathml3.xsd"), files.jats));
    problems.push(...xmllint(schemas("oai/wrap-formats.xsd"), files.oai));
    problems.push(...xmllint(schemas("doaj/doajArticles.xsd"), files.doaj));
    problems.push(...xmllint(schemas("crossref-5.3.1/crossref5.3.1.xsd"), files.crossref));
  } finally {
    if (!problems.length) rmSync(dir, { recursive: true, force: true });
    await server?.stop();
  }
  const total = files.jats.length + files.oai.length + files.doaj.length + files.crossref.length;
  console.log(
    `${counts.articles} articles and ${counts.issues} issues of ${JOURNALS.length} journals: ${files.jats.length} JATS files, ${files.oai.length} OAI-PMH records (jats, marcxml), ${files.doaj.length} DOAJ and ${files.crossref.length} Crossref files (${total} XML files), 18 COUNTER_SUSHI answers, ${counts.orcids} ORCID iDs.`,
  );
  if (problems.length) {
    console.error(`${problems.length} problems (files kept in ${dir}):\n${problems.slice(0, 50).join("\n")}`);
    process.exit(1);
  }
  console.log("Every output validates.");
}

function write(dir: string, name: string, text: string): string {
  const file = path.join(dir, name.replace(/[^A-Za-z0-9._-]/g, "_"));
  writeFileSync(file, text);
  return file;
}

await main();
