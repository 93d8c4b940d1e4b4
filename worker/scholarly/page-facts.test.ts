// Issue 40 item 6 (and the reader-facing half of item 5): what the article and issue pages show readers and
// crawlers — the full publication date matching citation_publication_date, references, funding and licence, a DOI
// that is a link only once registered, and one COinS per article on the issue page.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";

const page = (ref: string) => `/archives/2024/vol3/issue2/${ref}`;
const html = async (host: string, path: string) => {
  const res = await request(host, path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

describe("article page facts (issue 40 item 6)", () => {
  it("shows the full publication date as citation_publication_date has it, the licence, funders and references", async () => {
    const j = await scholarlyJournal();
    const a = await fullArticle(j, { funding: "National Science Foundation | CHE-2101234\nWellcome Trust", license: "CC-BY-4.0" });
    const body = await html(j.host, page(a.refnumber!));
    expect(body).toContain('<meta name="citation_publication_date" content="2024/03/15"');
    expect(body).toMatch(/<dt>Published<\/dt><dd><time datetime="2024-03-15">15 March 2024<\/time><\/dd>/i);
    // The article's own licence, on the page and in the meta tags, rather than the journal's CC BY-NC.
    expect(body).toMatch(/<a href="https:\/\/creativecommons.org\/licenses\/by\/4.0\/" rel="license">CC BY 4.0<\/a>/);
    expect(body).toContain('<meta name="DC.rights" content="https://creativecommons.org/licenses/by/4.0/"');
    expect(body).toContain('<meta name="DC.contributor.sponsor" content="National Science Foundation"');
    expect(body).toMatch(/<h2 id="funding-title">Funding<\/h2>/);
    expect(body.replace(/<!-- -->/g, "")).toContain(
      '<li>National Science Foundation<span class="article-view__award"> (award CHE-2101234)</span></li><li>Wellcome Trust</li>',
    );
    // The references, with the two files a reference manager reads them from (issue 51 item 4).
    expect(body.replace(/<!-- -->/g, "")).toMatch(
      /<h2 id="references-title">References<\/h2><p class="article-view__references-download">Download these references: <a href="[^"]+\.references\.ris">RIS<\/a> · <a href="[^"]+\.references\.bib">BibTeX<\/a><\/p><ol class="article-view__references" dir="ltr"><li>Smith J. Soil nitrogen/,
    );
    const jsonLd = JSON.parse(decode(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]));
    expect(jsonLd.funder.map((f: { name: string }) => f.name)).toEqual(["National Science Foundation", "Wellcome Trust"]);
    expect(jsonLd.license).toBe("https://creativecommons.org/licenses/by/4.0/");
  });

  it("prints a registered DOI as a doi.org link, an unregistered one as text in the page, its meta tags and every citation style", async () => {
    const j = await scholarlyJournal();
    const registered = await fullArticle(j);
    const pending = await fullArticle(j, { doiRegisteredAt: "" });
    const linked = await html(j.host, page(registered.refnumber!));
    expect(linked).toContain(`href="https://doi.org/${registered.doi}"`);

    const body = await html(j.host, page(pending.refnumber!));
    expect(body).not.toContain(`https://doi.org/${pending.doi}`);
    expect(body).toContain(`<meta name="citation_doi" content="${pending.doi}"`);
    expect(body).toContain(`<meta name="DC.identifier" content="info:doi/${pending.doi}"`);
    expect(body).toContain(`<span class="cite-box__doi">DOI: <!-- -->${pending.doi}</span>`);
    const answer = (await (await request(j.host, `/api/archives/ref/${pending.refnumber}`)).json()) as {
      doi_registered: boolean;
      citations: Record<string, string>;
    };
    expect(answer.doi_registered).toBe(false);
    for (const [style, text] of Object.entries(answer.citations)) expect(text, style).not.toMatch(/doi\.org/);
  });
});

describe("issue page COinS (issue 40 item 6)", () => {
  it("carries one Z3988 span per article, which reference managers read as a journal article", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const b = await fullArticle(j, { pagenumber: "81-90" });
    const body = await html(j.host, "/archives/2024/vol3/issue2");
    const spans = [...body.matchAll(/<span class="Z3988" title="([^"]*)"><\/span>/g)].map((m) => new URLSearchParams(decode(m[1])));
    expect(spans).toHaveLength(2);
    const first = spans.find((p) => p.get("rft_id")!.endsWith(a.refnumber!))!;
    expect(first.get("ctx_ver")).toBe("Z39.88-2004");
    expect(first.get("rft_val_fmt")).toBe("info:ofi/fmt:kev:mtx:journal");
    expect(first.get("rft.atitle")).toBe(`Effect of Rhizobium on pulse yield & soil ${a.refnumber}`);
    expect(first.get("rft.jtitle")).toBe("International Journal of Soil & Crop Science");
    expect(first.getAll("rft.au")).toEqual(["Asha Verma", "Rahul Singh", "Aynur Məmmədova"]);
    expect([first.get("rft.volume"), first.get("rft.issue"), first.get("rft.spage"), first.get("rft.epage")]).toEqual([
      "3",
      "2",
      "73",
      "80",
    ]);
    expect(first.get("rft.issn")).toBe("2049-3630");
    expect(first.get("rft_id")).toBe(`https://${j.domain}${page(a.refnumber!)}`);
    expect(spans.find((p) => p.get("rft_id")!.endsWith(b.refnumber!))!.get("rft.spage")).toBe("81");
  });
});
