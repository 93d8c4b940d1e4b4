// The index of the decision records (docs/decisions/README.md): number, title, status and date of each, derived
// from the records themselves and git history, so it cannot drift from them. `npm run docs:decisions` writes it;
// tests/docs/docs.test.ts fails when the file in the tree is not what this would write.
//   status: "accepted", or "superseded by NNNN" / "partly superseded by NNNN" as a record says of itself
//           ("Superseded by 0155", "Partly superseded by 0091") or as a later one says of it ("Supersedes 0071",
//           "Supersedes the domain part of 0024")
//   date:   the day (author date) of the commit that added the record; today for a record not committed yet
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DECISIONS_DIR = path.join(ROOT, "docs/decisions");
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  status: string;
  date: string;
}

/** The first day each record under docs/decisions was committed, by file name (one git call for all). */
function addedDates(): Map<string, string> {
  const dates = new Map<string, string>();
  let log = "";
  try {
    log = execFileSync("git", ["log", "--diff-filter=A", "--format=@%as", "--name-only", "--", "docs/decisions"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch {
    return dates; // not a git checkout: every record gets today's date
  }
  let date = "";
  for (const line of log.split("\n")) {
    if (line.startsWith("@")) date = line.slice(1);
    else if (line.trim()) dates.set(path.basename(line.trim()), date); // newest first: the last seen is the oldest
  }
  return dates;
}

/** True when git history is cut short (a shallow clone): the dates it gives are not the records' own. */
export function historyIsShallow(): boolean {
  try {
    return execFileSync("git", ["rev-parse", "--is-shallow-repository"], { cwd: ROOT, encoding: "utf8" }).trim() !== "false";
  } catch {
    return true;
  }
}

const today = () => new Date().toISOString().slice(0, 10);

export function readDecisions(): DecisionRecord[] {
  const files = readdirSync(DECISIONS_DIR)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();
  const texts = new Map(files.map((f) => [f, readFileSync(path.join(DECISIONS_DIR, f), "utf8")]));
  const numberOf = (f: string) => f.slice(0, 4);

  // What each record says about the others: "Supersedes 0071" (whole), "Supersedes the X part of 0024" (partly).
  const supersededBy = new Map<string, { by: string; partly: boolean }[]>();
  const note = (target: string, by: string, partly: boolean) => {
    const list = supersededBy.get(target) ?? [];
    if (!list.some((s) => s.by === by)) list.push({ by, partly });
    supersededBy.set(target, list);
  };
  for (const [f, text] of texts) {
    for (const m of text.matchAll(/\bSupersedes\s+(the\s+[^.]*?\s+part\s+of\s+)?\**(\d{4})\b/g)) note(m[2], numberOf(f), Boolean(m[1]));
  }
  for (const [f, text] of texts) {
    // What a record says of itself in its opening lines.
    const opening = text.split("\n").slice(0, 6).join("\n");
    for (const m of opening.matchAll(/^[>*\s]*(partly\s+)?superseded by\s+\W*(\d{4})|(?:are|is)\s+superseded by\s+\W*(\d{4})/gim)) {
      if (m[2]) note(numberOf(f), m[2], Boolean(m[1]));
      if (m[3]) note(numberOf(f), m[3], true);
    }
  }

  const dates = addedDates();
  return files.map((file) => {
    const text = texts.get(file)!;
    const heading = /^#\s+(.*)$/m.exec(text)?.[1] ?? file;
    const title = heading.replace(/^\d{4}:?\s*/, "").trim();
    const by = (supersededBy.get(numberOf(file)) ?? []).sort((a, b) => a.by.localeCompare(b.by));
    const whole = by.filter((s) => !s.partly);
    const status = whole.length
      ? `superseded by ${whole.map((s) => s.by).join(", ")}`
      : by.length
        ? `partly superseded by ${by.map((s) => s.by).join(", ")}`
        : "accepted";
    return { number: numberOf(file), file, title, status, date: dates.get(file) ?? today() };
  });
}

/** The table cell text of a title: Markdown's pipes escaped, backticks kept. */
const cell = (s: string) => s.replace(/\|/g, "\\|");

export function renderIndex(records: DecisionRecord[]): string {
  const linked = (status: string) =>
    status.replace(/\d{4}/g, (n) => {
      const target = records.find((r) => r.number === n);
      return target ? `[${n}](${target.file})` : n;
    });
  return [
    "# Decision records",
    "",
    "One short record per design choice, numbered, kept as written when a later one replaces it (the later record says",
    "what it supersedes). This index is generated from the records and git history by `npm run docs:decisions`",
    "(scripts/docs/decisions-index.ts): the status is what the records say of each other, the date is the day the",
    "record was first committed. `npm test` fails when it is out of date (tests/docs/docs.test.ts).",
    "",
    "| No. | Decision | Status | Date |",
    "|---|---|---|---|",
    ...records.map((r) => `| [${r.number}](${r.file}) | ${cell(r.title)} | ${linked(r.status)} | ${r.date} |`),
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const index = renderIndex(readDecisions());
  writeFileSync(INDEX_FILE, index);
  console.log(`wrote ${path.relative(ROOT, INDEX_FILE)} (${index.split("\n").filter((l) => l.startsWith("| [")).length} records)`);
}
