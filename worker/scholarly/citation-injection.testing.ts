// Test helper: the BibTeX injection attacks of issue 25 item 3 and the .bib each gives, shared by
// citation-injection.attack.test.ts (citation-js) and citation-injection.attack.tools.test.ts (bibtool, bib2xml).
import { expect } from "vitest";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { bodyText } from "#tests/api/body-text";

export const ATTACKS = [
  {
    name: "a title that closes its value and opens @misc(injected, ...)",
    title: 'Benign study}, note = 7} @misc(injected, title = "Injected record", author = "Mallory")',
    authorname: "Asha Verma, Rahul Singh",
    authors: ["Asha Verma", "Rahul Singh"],
  },
  {
    name: "an author that closes the author list and adds fields",
    title: "Plain title of a plain study",
    authorname: "Eve}, year = 1066, x = {y",
    authors: ["Eve}", "year = 1066", "x = {y"],
  },
  {
    name: "unbalanced braces and a backslash before a brace",
    title: "Half {open and \\} half closed} } {{ @comment{",
    authorname: "Zoë {Brace, Ann And Bob",
    authors: ["Zoë {Brace", "Ann And Bob"],
  },
];

export async function bibOf(title: string, authorname: string) {
  const j = await scholarlyJournal();
  await ensureIssue(j, 2024, 3, 2);
  const a = await fullArticle(j, { title, authorname, authorDetails: "[]" });
  const res = await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.bib`);
  expect(res.status).toBe(200);
  return bodyText(res);
}

/**
 * bibutils reads TeX's typographic conventions: a straight double quote comes out as a closing curly one, and it
 * knows \textbackslash only in math (`$\backslash$`, which citation-js does not read): map both back.
 */
export const bibutilsText = (s: string) => s.replace(/[\u201C\u201D]/g, '"').replace(/\\textbackslash ?/g, "\\");
