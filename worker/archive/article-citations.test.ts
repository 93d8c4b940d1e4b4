// The article API carries "How to cite this article" in APA, Vancouver, Harvard and IEEE, rendered on the server
// from CSL styles, plus the scholarly fields and the citation download paths.
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { db, getJson } from "#tests/api/fixtures";
import { articleCitations, articles } from "../core/data/schema";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";

describe("article citations in the API", () => {
  it("renders the four styles with the authors in order, the title, journal, volume(issue), pages and DOI", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { title: "Effect of <i>Rhizobium</i> on pulse yield" });
    for (const path of [`/api/archives/ref/${a.refnumber}`, `/api/archives/${a.id}`]) {
      const { status, body } = await getJson(j.host, path);
      expect(status).toBe(200);
      const c = body.citations;
      expect(Object.keys(c).sort()).toEqual(["apa", "harvard", "ieee", "vancouver"]);
      // APA 7: "Family, I., Family, I., & Family, I. (Year). Title. Journal, Vol(Issue), pages. https://doi.org/..."
      expect(c.apa).toBe(
        `Verma, A., Singh, R., & Məmmədova, A. (2024). Effect of Rhizobium on pulse yield. International Journal of Soil & Crop Science, 3(2), 73–80. https://doi.org/${a.doi}`,
      );
      // Vancouver (ICMJE/NLM): abbreviated journal without periods, date;vol(issue):pages.
      expect(c.vancouver).toBe(
        `Verma A, Singh R, Məmmədova A. Effect of Rhizobium on pulse yield. Int J Soil Crop Sci. 2024 Mar 15;3(2):73–80. doi:${a.doi}`,
      );
      expect(c.harvard).toMatch(
        /^Verma, A\., Singh, R\. and Məmmədova, A\. \(2024\) .Effect of Rhizobium on pulse yield,?.,? International Journal of Soil & Crop Science, 3\(2\), pp\. 73–80\./,
      );
      expect(c.harvard).toContain(`https://doi.org/${a.doi}`);
      // IEEE: initials first, "and" before the last author, quoted title, abbreviated journal, vol./no./pp.
      expect(c.ieee).toBe(
        `A. Verma, R. Singh, and A. Məmmədova, “Effect of Rhizobium on pulse yield,” Int. J. Soil Crop Sci., vol. 3, no. 2, pp. 73–80, Mar. 2024, doi: ${a.doi}.`,
      );
      expect(body.ris_url).toBe(`/archives/2024/vol3/issue2/${a.refnumber}.ris`);
    }
  });

  it("keeps the rendered strings and renders them again once the article changes", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { title: "First title" });
    expect((await getJson(j.host, `/api/archives/${a.id}`)).body.citations.ieee).toContain("“First title,”");
    await vi.waitFor(async () =>
      expect(await db.select().from(articleCitations).where(eq(articleCitations.articleId, a.id))).toHaveLength(1),
    );
    await db.update(articles).set({ title: "Second title", titleText: "Second title" }).where(eq(articles.id, a.id));
    expect((await getJson(j.host, `/api/archives/${a.id}`)).body.citations.ieee).toContain("“Second title,”");
  });
});
