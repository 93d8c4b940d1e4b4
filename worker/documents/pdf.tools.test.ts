// The zips of /api/pdf opened by readers nobody here wrote: Info-ZIP's unzip -t, Python's zipfile (and the UTF-8
// flag on every name) and Java's ZipInputStream (what many Java tools use) read every entry of Certificates.zip,
// names in Arabic, Bengali and Ethiopic included. What the zips hold: pdf.test.ts.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { createArticle, createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { fileCheck } from "./file-check.testing";

const AUTHORS = "Aynur Məmmədova, Şükrü Işık, Nguyễn Thị Minh, محمد عبد الله, রবীন্দ্রনাথ ঠাকুর, አበበ ቢቂላ";

describe("POST /api/pdf/bulkcertificates in Info-ZIP, Python and Java", () => {
  it("answers a Certificates.zip that every reader opens, with the same entries and sizes", async () => {
    const journal = await createJournal();
    const article = await createArticle(journal.id, { authorname: AUTHORS, volume: 12, issue: 4, year: 2025, pagenumber: "73-80" });
    const second = await createArticle(journal.id, { authorname: "Ann Author, Bob Writer", pagenumber: "1-5" });
    const ref = article.refnumber!;
    const res = await request(journal.host, "/api/pdf/bulkcertificates", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(await adminToken(journal)) },
      body: JSON.stringify({ refnumbers: [ref, second.refnumber] }),
    });
    expect(res.status).toBe(200);
    const zip = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(zip);
    const names = Object.keys(files);
    expect(names).toHaveLength(8);

    expect((await fileCheck("unzip-test", zip)).output).toContain("No errors detected");
    const python = JSON.parse((await fileCheck("python-zip", zip)).output);
    expect(python.bad).toBeNull();
    expect(python.entries.map((e: { name: string }) => e.name)).toEqual(names);
    expect(python.entries.every((e: { utf8: boolean }) => e.utf8)).toBe(true);
    const java = await fileCheck("java-zip", zip);
    expect(java.ok, java.output).toBe(true);
    expect(java.output).toContain(`certificate-${ref}-4-محمد-عبد-الله.pdf\t${files[`certificate-${ref}-4-محمد-عبد-الله.pdf`].length}`);
    expect(java.output).toContain(`entries\t${names.length}`);
  });
});
