// Affiliations and their ROR ids on the public article page (docs/decisions/0387), read from the first HTML (the page
// as the server renders it, before any script) with workerd's HTMLRewriter, an HTML parser independent of React.
import { describe, expect, it } from "vitest";
import { decodeHTMLAttribute } from "entities/decode";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";

const BERKELEY = "https://ror.org/01an7q238";

interface AuthorList {
  names: string;
  affiliations: string[];
  links: { href: string; label: string; text: string }[];
  jsonLd: { author: { name: string; affiliation?: { name: string; sameAs?: string } }[] };
}

async function authorListOf(host: string, path: string): Promise<AuthorList> {
  const res = await request(host, path);
  expect(res.status).toBe(200);
  const out: AuthorList = { names: "", affiliations: [], links: [], jsonLd: { author: [] } };
  let ld = "";
  await new HTMLRewriter()
    .on(".article-view__authors", { text: (t) => void (out.names += t.text) })
    .on(".article-view__affiliations li", { element: () => void out.affiliations.push("") })
    .on(".article-view__affiliations li", { text: (t) => void (out.affiliations[out.affiliations.length - 1] += t.text) })
    .on(".article-view__affiliations a", {
      element: (e) =>
        void out.links.push({
          href: decodeHTMLAttribute(e.getAttribute("href") ?? ""),
          label: decodeHTMLAttribute(e.getAttribute("aria-label") ?? ""),
          text: "",
        }),
    })
    .on(".article-view__affiliations a", { text: (t) => void (out.links[out.links.length - 1].text += t.text) })
    .on('script[type="application/ld+json"]', { text: (t) => void (ld += t.text) })
    .transform(res)
    .text();
  out.jsonLd = JSON.parse(ld);
  return out;
}

describe("affiliations with ROR ids on the article page", () => {
  it("numbers the authors' affiliations, links a ROR id to its record with a name that says whose, and puts it in JSON-LD", async () => {
    const j = await scholarlyJournal({ interface_language: "en", interface_languages: "en,fr" });
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, {
      authorDetails: JSON.stringify([
        { affiliation: "University of California, Berkeley", orcid: "0000-0002-1825-0097", ror: BERKELEY },
        { affiliation: "", orcid: "" },
        { affiliation: "Baku State University", orcid: "" },
      ]),
    });
    const page = await authorListOf(j.host, `/archives/2024/vol3/issue2/${a.refnumber}`);
    expect(page.names).toBe("Asha Verma1, Rahul Singh, Aynur Məmmədova2");
    expect(page.affiliations).toEqual(["1University of California, Berkeley ROR", "2Baku State University"]);
    expect(page.links).toEqual([
      { href: BERKELEY, label: "University of California, Berkeley in the Research Organization Registry (ROR)", text: "ROR" },
    ]);
    expect(page.jsonLd.author[0].affiliation).toEqual({
      "@type": "Organization",
      name: "University of California, Berkeley",
      sameAs: BERKELEY,
    });
    expect(page.jsonLd.author[2].affiliation).toEqual({ "@type": "Organization", name: "Baku State University" });

    // The link's name in the reader's language.
    const fr = await authorListOf(j.host, `/fr/archives/2024/vol3/issue2/${a.refnumber}`);
    expect(fr.links[0].label).toBe("University of California, Berkeley dans le registre des organismes de recherche (ROR)");
  });

  it("one affiliation shared by every author is shown once, without numbers; no affiliation, no list", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const shared = { affiliation: "University of Pune", orcid: "", ror: "https://ror.org/044g6d731" };
    const a = await fullArticle(j, { authorname: "Asha Verma, Rahul Singh", authorDetails: JSON.stringify([shared, shared]) });
    const page = await authorListOf(j.host, `/archives/2024/vol3/issue2/${a.refnumber}`);
    expect(page.names).toBe("Asha Verma, Rahul Singh");
    expect(page.affiliations).toEqual(["University of Pune ROR"]);
    expect(page.links.map((l) => l.href)).toEqual([shared.ror]);

    const bare = await fullArticle(j, { authorname: "Wei Zhang", authorDetails: "[]" });
    const none = await authorListOf(j.host, `/archives/2024/vol3/issue2/${bare.refnumber}`);
    expect(none.names).toBe("Wei Zhang");
    expect(none.affiliations).toEqual([]);
  });
});
