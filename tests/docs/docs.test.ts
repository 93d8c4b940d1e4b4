// Docs that stay true (issue 41 item 5), checked in Node with `npm test`: every repo path a comment or a document
// names exists, the README's Layout section lists only what is in the tree, and the decision index is what
// `npm run docs:decisions` would write from the records and git history.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { historyIsShallow, INDEX_FILE, readDecisions, renderIndex } from "../../scripts/docs/decisions-index";
import { readmeLayoutPaths, readmeLayoutProblems, staleMentions } from "../../scripts/docs/repo-paths";

describe("docs that stay true", () => {
  it("every repo path named in a comment or a document exists (decision records: their links)", () => {
    expect(staleMentions().map((m) => `${m.file}:${m.line} names ${m.path}`)).toEqual([]);
  });

  it("the README's Layout section names only folders and files that are in the tree", () => {
    expect(readmeLayoutPaths().length).toBeGreaterThan(20);
    expect(readmeLayoutProblems()).toEqual([]);
  });

  it("docs/decisions/README.md lists every record with its title, status and date (npm run docs:decisions)", () => {
    const written = readFileSync(INDEX_FILE, "utf8");
    const records = readDecisions();
    // A shallow clone's history starts late: its dates are not the records' own, so only they are not compared.
    const comparable = (text: string) => (historyIsShallow() ? text.replace(/\| \d{4}-\d{2}-\d{2} \|$/gm, "| |") : text);
    expect(comparable(written)).toBe(comparable(renderIndex(records)));
    expect(records.find((r) => r.number === "0071")?.status).toBe("superseded by 0155");
  });
});
