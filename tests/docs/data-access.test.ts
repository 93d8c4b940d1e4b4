// D1 writes live in repos (*.repo.ts; issue 41 item 6, docs/decisions/0270-data-layer-names.md), where the D1 shards
// work finds every statement that chooses a database. Files that still write elsewhere are listed by name: the list
// only shrinks, and a new file writing D1 outside a repo fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Files that wrote D1 outside a repo when this check came; move their writes into the concern's repo. */
const NOT_YET_IN_A_REPO = [
  "worker/documents/pdf.routes.ts",
  "worker/pages/page-loaders.ts",
  "worker/scholarly/crossref.admin.routes.ts",
  "worker/statistics/sushi-keys.admin.routes.ts",
  "worker/transfer/import-run.ts",
  "worker/workflow/figures.ts",
  "worker/workflow/letters.ts",
  "worker/workflow/links.ts",
  "worker/workflow/mail-inbound.ts",
  "worker/workflow/reminders.ts",
  "worker/workflow/workflow.admin.routes.ts",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|testing|bench|repo)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe("D1 access", () => {
  it("writes (insert, update, delete, batch) are made in repos, apart from the files listed as not yet moved", () => {
    const writers = sourceFiles("worker").filter((f) =>
      /\bdb\s*\.\s*(insert|update|delete|batch)\(/.test(readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(writers.filter((f) => !NOT_YET_IN_A_REPO.includes(f))).toEqual([]);
    // Moved already: the list names no file that has stopped writing (it only shrinks).
    expect(NOT_YET_IN_A_REPO.filter((f) => !writers.includes(f))).toEqual([]);
    for (const moved of [
      "worker/journals/branding.routes.ts",
      "worker/journals/copyright-form.routes.ts",
      "worker/platform/alt-header-import.ts",
    ])
      expect(writers).not.toContain(moved);
  });
});
