// Attack (issue 13, item 2): guessing the archive URLs of articles that are not public (disabled, or without a
// reference number) must not download their PDFs, on any of the URLs that serve article files.
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, putArticleFile, request } from "#tests/api/fixtures";

describe("attack: downloading hidden articles' PDFs by guessing their URLs", () => {
  it("serves an article file only while its article is public", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2025, 7, 2);
    const loc = { year: 2025, volume: 7, issue: 2 };
    const pub = await createArticle(j.id, { ...loc, refnumber: "IJ-2025-0101", file: "IJ-2025-0101.pdf" });
    const disabled = await createArticle(j.id, { ...loc, refnumber: "IJ-2025-0102", file: "IJ-2025-0102.pdf", status: "disabled" });
    const noRef = await createArticle(j.id, { ...loc, refnumber: null, file: "IJ-2025-0103.pdf" });
    // A file left in R2 with no article at all (an old upload).
    for (const file of [pub.file, disabled.file, noRef.file, "IJ-2025-0104.pdf"]) await putArticleFile(j.id, { ...loc, file });

    const get = (path: string) => request(j.host, path, { headers: { "cf-connecting-ip": "203.0.113.9" } });
    expect((await get("/assets/archives/2025/vol7issue2/IJ-2025-0101.pdf")).status).toBe(200);
    expect((await get("/archives/2025/vol7/issue2/IJ-2025-0101.pdf")).status).toBe(200);
    for (const n of ["0102", "0103", "0104"]) {
      for (const path of [`/assets/archives/2025/vol7issue2/IJ-2025-${n}.pdf`, `/archives/2025/vol7/issue2/IJ-2025-${n}.pdf`]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(await res.text()).not.toContain("%PDF");
      }
    }
    // A public article's file is not reachable under another issue's folder either.
    expect((await get("/assets/archives/2025/vol7issue3/IJ-2025-0101.pdf")).status).toBe(404);
  });
});
