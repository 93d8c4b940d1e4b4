// A Word manuscript with every element (issue 51 "Done when") through the product: attached by staff, converted,
// published; then the article page read by pandoc's HTML reader, and its JATS validated by xmllint against JATS 1.3
// and read by pandoc's JATS reader — references with their authors and titles. None of these readers is ours.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { bearer, adminToken } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { pandocHtml, pandocJats, validateJats } from "../scholarly/outside-readers.testing";
import { everyElementManuscript } from "./manuscript.testing";
import { attachWordFile, publishFulltext } from "./fulltext-admin.testing";

// biome-ignore lint/suspicious/noExplicitAny: pandoc's JSON AST
type Pandoc = any;

/** Every node of a pandoc AST with type `t`. */
function nodes(ast: Pandoc, t: string, out: Pandoc[] = []): Pandoc[] {
  if (Array.isArray(ast)) for (const x of ast) nodes(x, t, out);
  else if (ast && typeof ast === "object") {
    if (ast.t === t) out.push(ast);
    for (const v of Object.values(ast)) nodes(v, t, out);
  }
  return out;
}

/** The plain text of pandoc inlines (or of a MetaInlines). */
function plain(x: Pandoc): string {
  if (Array.isArray(x)) return x.map(plain).join("");
  if (!x || typeof x !== "object") return "";
  if (x.t === "Str" || x.t === "MetaString") return x.c;
  if (x.t === "Space" || x.t === "SoftBreak") return " ";
  return plain(x.c);
}

describe("full text from a Word file, read by outside programs", () => {
  it("converts every element; the page reads as HTML and the JATS is valid with element-citation references pandoc reads", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const auth = bearer(await adminToken(j));
    const up = await attachWordFile(j.host, a.id, auth, new File([everyElementManuscript()], "manuscript.docx"), { references: "replace" });
    expect(up.status).toBe(200);
    const draft = (await up.json()) as { draft_html: string; dropped: string[]; word_references: number };
    expect(draft.word_references).toBe(3);
    // What the converter could not carry over is listed, never silently lost.
    expect(draft.dropped.join("\n")).toContain("A side note in a text box");
    const pub = await publishFulltext(j.host, a.id, auth);
    expect(pub.status).toBe(200);

    const pagePath = `/archives/2024/vol3/issue2/${a.refnumber}`;
    const page = await (await request(j.host, pagePath)).text();
    expect(page).toContain(`<meta name="citation_fulltext_html_url" content="https://${j.domain}${pagePath}">`);
    const html = await pandocHtml(page);
    expect(html.ok, html.output.slice(0, 500)).toBe(true);
    const ast = JSON.parse(html.output);
    const headers = nodes(ast, "Header").map((h) => plain(h.c[2]));
    expect(headers).toEqual(expect.arrayContaining(["Full text", "Introduction", "Study area", "Methods", "Notes", "References"]));
    expect(nodes(ast, "Table")).toHaveLength(1);
    expect(plain(nodes(ast, "Table")[0])).toContain("19.6");
    expect(nodes(ast, "BulletList").length).toBeGreaterThan(0);
    expect(nodes(ast, "OrderedList").length).toBeGreaterThan(0);
    const images = nodes(ast, "Image");
    expect(images.map((i) => i.c[2][0])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/fulltext\/\d+\/figure1-\w+\.png$/)]),
    );
    // MathML read as maths: the display equation and the inline one.
    const maths = nodes(ast, "Math");
    expect(maths.map((m) => m.c[0].t)).toEqual(expect.arrayContaining(["DisplayMath", "InlineMath"]));
    expect(maths.map((m) => m.c[1]).join(" ")).toMatch(/\\frac/);
    // Citations and footnotes are links, both ways.
    const links = nodes(ast, "Link").map((l) => l.c[2][0]);
    expect(links).toEqual(
      expect.arrayContaining(["#ref1", "#ref2", "#ref3", "#fn1", "#fnref1", "#cite1", "https://doi.org/10.1016/j.jes.2020.01.005"]),
    );
    // The figure itself is served.
    const figureUrl = images.map((i) => i.c[2][0] as string).find((u) => u.startsWith("/assets/fulltext/")) ?? "";
    const figure = await request(j.host, figureUrl);
    expect(figure.status).toBe(200);
    expect(figure.headers.get("content-type")).toBe("image/png");

    const xml = await (await request(j.host, `${pagePath}.xml`)).text();
    expect(xml).toMatch(/<!DOCTYPE article PUBLIC "-\/\/NLM\/\/DTD JATS \(Z39\.96\) Journal Publishing DTD with MathML3 v1\.3/);
    expect(xml).toContain('dtd-version="1.3"');
    const valid = await validateJats(xml);
    expect(valid.ok, valid.output).toBe(true);
    const jats = await pandocJats(xml);
    expect(jats.ok, jats.output.slice(0, 500)).toBe(true);
    const doc = JSON.parse(jats.output);
    const jatsHeaders = nodes(doc.blocks, "Header").map((h) => plain(h.c[2]));
    expect(jatsHeaders).toEqual(expect.arrayContaining(["Introduction", "Study area", "Methods"]));
    expect(nodes(doc.blocks, "Table")).toHaveLength(1);
    // pandoc's reader keeps the references in the document's metadata, each with its authors and title.
    const refs = doc.meta.references.c as Pandoc[];
    expect(refs).toHaveLength(3);
    const first = refs[0].c;
    expect(plain(first.title)).toBe("Heavy metals in river sediments of Kerala");
    expect(first.author.c.map((p: Pandoc) => plain(p.c.family))).toEqual(["Rao", "Singh"]);
    expect(plain(first["container-title"])).toBe("J Environ Sci");
    expect(plain(first.issued.c.year)).toBe("2020");
    // pandoc 2.17 reads no <pub-id>: fast-xml-parser finds the DOI the reference's text gave.
    const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => n === "ref" }).parse(xml);
    const refList = tree.article.back["ref-list"].ref;
    expect(refList[0]["element-citation"]["pub-id"]).toEqual({ "#text": "10.1016/j.jes.2020.01.005", "@pub-id-type": "doi" });
    expect(refList[0]["element-citation"]["@publication-type"]).toBe("journal");
    const third = refs[2].c;
    expect(plain(third.title)).toBe("Soil organic carbon under conservation tillage");
    expect(third.author.c.map((p: Pandoc) => plain(p.c.family))).toEqual(["Smith", "Brown"]);
  });
});
