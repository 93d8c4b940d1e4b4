// The public pages in the journal's languages (issue 50 item 1): the Arabic and Indonesian versions of archives,
// board, instructions, indexing, contact, policies, certificates, search and verify, and of the not-found pages, carry
// their catalogs' texts — in the body and in the head's title — and not the English ones.
import { describe, expect, it } from "vitest";
import { createArticle, createEditor, createIndexing, createIssue, createJournal, request } from "#tests/api/fixtures";
import { translatorFor } from "#contract/i18n/all-catalogs";
import type { MessageId } from "#contract/i18n/messages";
import type { MessageValues } from "#contract/i18n/message-format";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** What a reader sees of a page: its text without scripts, styles and tags, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, " ")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, " ");
}

const titleOf = (html: string) => visibleText(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");

async function setUp() {
  const j = await createJournal({ websitename: "Int. J. Appl. Nat. Sci", interface_language: "en", interface_languages: "en,ar,id" });
  await createIssue(j.id, 2024, 3, 2);
  await createArticle(j.id, { refnumber: "TXT-7", title: "Soil moisture under drip irrigation", year: 2024, volume: 3, issue: 2 });
  await createEditor(j.id, { name: "Dr. Rina Hartono", category: "chief editor", status: "enabled" });
  await createIndexing(j.id, { title: "Crossref" });
  return j;
}

async function page(host: string, path: string) {
  const res = await request(host, path, { redirect: "manual" });
  const html = await res.text();
  return { status: res.status, html, text: visibleText(html), title: titleOf(html) };
}

/** Each page, what its body says (message ids with their values) and the message its head's title starts with. */
const PAGES: { path: string; status?: number; says: [MessageId, MessageValues?][]; title: [MessageId, MessageValues?] }[] = [
  {
    path: "/board",
    says: [["board.title"], ["board.category.chief"]],
    title: ["head.board.title"],
  },
  {
    path: "/archives",
    says: [["archives.title"], ["archives.yearIssues", { year: 2024 }], ["archives.issueLink", { volume: 3, issue: 2 }]],
    title: ["head.archives.title"],
  },
  {
    path: "/instructions",
    says: [["instructions.requirements"], ["instructions.fee"], ["instructions.authorsFrom"], ["instructions.copyrightText"]],
    title: ["head.instructions.title"],
  },
  {
    path: "/indexing",
    says: [["indexing.title"], ["indexing.lead", { journal: "Int. J. Appl. Nat. Sci" }]],
    title: ["head.indexing.title"],
  },
  { path: "/contact", says: [["contact.title"], ["contact.address"]], title: ["head.contact.title"] },
  { path: "/policies", says: [["policies.title"]], title: ["head.policies.title"] },
  {
    path: "/pdf?refno=TXT-7",
    says: [["certificates.title"], ["certificates.col.document"], ["certificates.row.cover"], ["certificates.anotherLink"]],
    title: ["head.certificates.title"],
  },
  { path: "/pdf?refno=NONE-1", says: [["certificates.notFound", { refno: "NONE-1" }]], title: ["head.certificates.title"] },
  { path: "/search", says: [["search.title"], ["search.prompt"]], title: ["head.search.title"] },
  { path: "/search?q=irrigation", says: [["search.count", { count: 1 }]], title: ["head.search.title"] },
  { path: "/search?q=qwertyzx", says: [["search.empty"]], title: ["head.search.title"] },
  { path: "/verify", says: [["verify.title"], ["verify.intro"], ["verify.codeLabel"]], title: ["head.verify.title"] },
  { path: "/verify/xyz", status: 404, says: [["verify.malformed.title"]], title: ["head.verify.resultTitle"] },
  { path: "/archives/2024/vol3/issue2/NOPE-1", status: 404, says: [["article.notFound"]], title: ["article.notFound"] },
  { path: "/archives/2031/vol9/issue9", status: 404, says: [["issue.notFound"]], title: ["issue.notFoundTitle"] },
];

describe("the public pages in Arabic and Indonesian", () => {
  for (const lang of ["ar", "id"] as const) {
    it(`carry their ${lang} texts in the body and the title, not the English ones`, async () => {
      const j = await setUp();
      const { t } = translatorFor(lang);
      const en = translatorFor("en").t;
      for (const { path, status = 200, says, title } of PAGES) {
        const p = await page(j.host, `/${lang}${path}`);
        expect(p.status, path).toBe(status);
        expect(p.html, path).toMatch(new RegExp(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"`));
        for (const [id, values] of says) {
          expect(t(id, values), `${lang} ${id}`).not.toBe(en(id, values));
          expect(p.text, `${path}: ${id}`).toContain(t(id, values));
          expect(p.text, `${path}: English ${id}`).not.toContain(en(id, values));
        }
        expect(p.title, path).toBe(`${t(...title)} | Int. J. Appl. Nat. Sci`);
      }
    });
  }

  it("describes each page in the head in its language", async () => {
    const j = await setUp();
    const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    const board = await page(j.host, "/id/board");
    expect(description(board.html)).toBe(translatorFor("id").t("head.board.description", { journal: "Int. J. Appl. Nat. Sci" }));
    const issue = await page(j.host, "/ar/archives/2024/vol3/issue2");
    expect(visibleText(description(issue.html))).toContain("مقالة واحدة منشورة في Int. J. Appl. Nat. Sci");
    expect(issue.title).toBe("المجلد 3، العدد 2 (2024) | Int. J. Appl. Nat. Sci");
    // An unknown address: the error screen and its head in the page's language.
    const missing = await page(j.host, "/ar/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.title).toBe("الصفحة غير موجودة | Int. J. Appl. Nat. Sci");
    expect(missing.text).toContain(translatorFor("ar").t("site.error.sorry"));
  });

  it("keeps a Latin name in its own direction in Arabic text", async () => {
    const j = await setUp();
    const indexing = await page(j.host, "/ar/indexing");
    // The journal's name is isolated, so its full stop stays at its end inside the Arabic sentence.
    expect(indexing.html).toContain("<bdi>Int. J. Appl. Nat. Sci</bdi>");
    const board = await page(j.host, "/ar/board");
    expect(board.html).toContain("<bdi>Dr. Rina Hartono</bdi>");
  });
});
