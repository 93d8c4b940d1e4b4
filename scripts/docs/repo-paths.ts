// Docs that stay true (issue 41 item 5): every repo path a comment or a document names exists, and every folder
// and file the README's Layout section lists is there. Read by tests/docs/docs.test.ts (`npm test`); run alone with
// `npx tsx scripts/docs/repo-paths.ts` to list what is stale.
//   - Source files (worker/, web/, contract/, tests/, scripts/, the root configs, .ci/run): the paths in comments.
//   - Documents (README.md, docs/*.md, tests/schemas/README.md): the paths in the text and their relative links.
//   - docs/decisions/ (dated records, kept as written) and docs/spec.md (copied in): only their relative links.
// A path is a token that starts at one of the repo's top folders (worker/, web/, contract/, tests/, scripts/,
// docs/, migrations/, fonts/, .ci/); `file.ts:176` also needs line 176. Patterns (`*`, `{id}`, `<name>`, NNNN,
// `…`) are not paths and are skipped.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./decisions-index";

const TOP = ["worker", "web", "contract", "tests", "scripts", "docs", "migrations", "fonts", ".ci"];
const SOURCE = /\.(ts|tsx|mts|mjs|js|css|sql|toml)$/;
const SKIP_DIRS = new Set(["node_modules", "dist", ".wrangler", ".git", "schemas", "static"]);

export interface Mention {
  file: string;
  line: number;
  path: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") && entry.name !== ".ci") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(full, out);
    } else out.push(full);
  }
  return out;
}

/** The files to read, relative to the root. */
function filesToCheck(): string[] {
  const files = [
    ...TOP.filter((d) => d !== "fonts" && d !== "migrations" && existsSync(path.join(ROOT, d))).flatMap((d) => walk(path.join(ROOT, d))),
    ...readdirSync(ROOT)
      .filter((f) => /^(README\.md|.*\.config\.ts|wrangler\.toml)$/.test(f))
      .map((f) => path.join(ROOT, f)),
    path.join(ROOT, "tests/schemas/README.md"),
  ];
  return files.map((f) => path.relative(ROOT, f)).filter((f) => SOURCE.test(f) || f.endsWith(".md") || f === ".ci/run");
}

/** The comment text of a source file, line by line (code blanked), so strings such as R2 keys are not read as paths. */
function commentsOf(text: string, file: string): string[] {
  const lines = text.split("\n");
  if (file === ".ci/run" || file.endsWith(".toml")) return lines.map((l) => (/^\s*#/.test(l) ? l : (/\s#\s(.*)$/.exec(l)?.[1] ?? "")));
  if (file.endsWith(".sql")) return lines.map((l) => /--(.*)$/.exec(l)?.[1] ?? "");
  let inBlock = false;
  return lines.map((line) => {
    let out = "";
    let rest = line;
    while (rest) {
      if (inBlock) {
        const end = rest.indexOf("*/");
        out += ` ${end < 0 ? rest : rest.slice(0, end)}`;
        if (end < 0) break;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      // A line comment (not the // of a URL inside a string) or the start of a block comment.
      const m = /(^|[^:"'`\\/])(\/\/|\/\*)/.exec(rest);
      if (!m) break;
      const at = m.index + m[1].length;
      if (m[2] === "//") {
        out += ` ${rest.slice(at + 2)}`;
        break;
      }
      inBlock = true;
      rest = rest.slice(at + 2);
    }
    return out;
  });
}

const PATH_TOKEN = new RegExp(`(?<![\\w./@#~-])((?:${TOP.map((d) => d.replace(".", "\\.")).join("|")})/[^\\s\`'"()\\[\\],;|]*)`, "g");

/** Files outside the repository (a shared folder of one machine) that a fresh clone does not have. */
const OUTSIDE = /(?<![\w.])(?:\.\.\/shared\/|\/work\/)[^\s`'"()[\],;|]+/g;

function mentionsIn(lines: string[], file: string): Mention[] {
  const found: Mention[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(OUTSIDE)) found.push({ file, line: i + 1, path: m[0] });
    for (const m of text.matchAll(PATH_TOKEN)) {
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 1);
      let token = m[1].replace(/[.:]+$/, "");
      if (/[*{}<>…$]|NNNN|\.\.\./.test(token) || after === "<" || after === "{" || after === "*") continue;
      token = token.replace(/#.*$/, "");
      found.push({ file, line: i + 1, path: token });
    }
  });
  return found;
}

/** Markdown links to repo files, resolved from the document's folder. */
function linksIn(lines: string[], file: string): Mention[] {
  const found: Mention[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].replace(/#.*$/, "");
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ file, line: i + 1, path: path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target)) });
    }
  });
  return found;
}

/**
 * A path as people write it: the file or folder itself, or a name that begins one in its folder, as a vitest filter
 * (`worker/documents/fuzz`), a script without its extension (`scripts/seed`) or a numbered record or migration
 * (`docs/decisions/0160`, `migrations/0005`, and ranges `docs/decisions/0100–0104`) are written.
 */
function namesSomething(relative: string): boolean {
  const full = path.join(ROOT, relative);
  if (existsSync(full)) return true;
  const dir = path.dirname(full);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const range = /^(\d{4})[-–](\d{4})$/.exec(path.basename(full));
  const stems = range ? [range[1], range[2]] : [path.basename(full)];
  const entries = readdirSync(dir);
  return stems.every((stem) => entries.some((e) => e.length > stem.length && e.startsWith(stem) && /[-_.]/.test(e[stem.length])));
}

const lineCounts = new Map<string, number>();
function exists(mention: string): boolean {
  if (mention.startsWith("../") || mention.startsWith("/")) return false;
  const m = /^(.*?)(?::(\d+)(?::\d+)?)?$/.exec(mention)!;
  const full = path.join(ROOT, m[1]);
  if (!namesSomething(m[1])) return false;
  if (!m[2]) return true;
  if (statSync(full).isDirectory()) return false;
  if (!lineCounts.has(full)) lineCounts.set(full, readFileSync(full, "utf8").split("\n").length);
  return Number(m[2]) <= lineCounts.get(full)!;
}

/** Every mention of a repo path, in comments and documents, that names nothing in the tree. */
export function staleMentions(): Mention[] {
  const stale: Mention[] = [];
  for (const file of filesToCheck()) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const isDoc = file.endsWith(".md");
    // Dated records, and the spec copied in as written (its first lines say from where): links only.
    const isRecord = file.startsWith("docs/decisions/") || file === "docs/spec.md";
    const lines = isDoc ? text.split("\n") : commentsOf(text, file);
    const mentions = [...(isRecord ? [] : mentionsIn(lines, file)), ...(isDoc ? linksIn(lines, file) : [])];
    for (const m of mentions) if (!exists(m.path)) stale.push(m);
  }
  return stale;
}

/**
 * The README's Layout section: a code block of entries, indented two spaces per level under their folder, each
 * naming folders (`core/`) and files (`index.ts, app.ts`) before its description. Returns the listed paths.
 */
const DESCRIPTION_COLUMN = 21;

export function readmeLayoutPaths(readme = readFileSync(path.join(ROOT, "README.md"), "utf8")): { line: number; path: string }[] {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => /^## Layout\s*$/.test(l));
  if (start < 0) throw new Error("README.md has no '## Layout' section");
  const open = lines.findIndex((l, i) => i > start && l.startsWith("```"));
  const close = lines.findIndex((l, i) => i > open && l.startsWith("```"));
  const parents: string[] = [];
  const listed: { line: number; path: string }[] = [];
  for (let i = open + 1; i < close; i++) {
    const m = /^( *)(\S.*)$/.exec(lines[i]);
    if (!m || m[1].length > 8) continue; // a description's continuation line
    const depth = m[1].length / 2;
    const names: string[] = [];
    // The names stand left of the description column (what a description says of a folder's contents is checked
    // as a mention, when it starts at a top folder).
    for (const token of lines[i].matchAll(/\S+/g)) {
      if ((token.index ?? 0) >= DESCRIPTION_COLUMN) break;
      const word = token[0].replace(/,$/, "");
      if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(word) || !(word.endsWith("/") || /\.\w+$/.test(word))) break;
      names.push(word);
    }
    const base = parents.slice(0, depth).join("");
    for (const name of names)
      listed.push({ line: i + 1, path: name.includes("/") && name.indexOf("/") < name.length - 1 ? name : base + name });
    const folder = names.find((n) => n.endsWith("/"));
    if (folder) parents.splice(depth, parents.length, folder);
  }
  return listed;
}

export function readmeLayoutProblems(): string[] {
  return readmeLayoutPaths()
    .filter((p) => !existsSync(path.join(ROOT, p.path)))
    .map((p) => `README.md:${p.line} names ${p.path}, which is not in the tree`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const problems = [
    ...staleMentions().map((m) => `${m.file}:${m.line} names ${m.path}, which is not in the tree`),
    ...readmeLayoutProblems(),
  ];
  console.log(problems.length ? problems.join("\n") : "every path named in comments, docs and the README's layout exists");
  process.exitCode = problems.length ? 1 : 0;
}
