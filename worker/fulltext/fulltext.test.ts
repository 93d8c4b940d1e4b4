// Staff's full-text calls (issue 51): a file that is no Word document is refused with nothing stored, an article
// without a published full text keeps its page as before, the references are read into their parts, staff's
// corrections are kept, and Crossref's reference matching (the local stand-in) fills in missing DOIs.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import type { FulltextAnswer, ReferencesAnswer } from "#contract/fulltext";
import { everyElementManuscript } from "./manuscript.testing";
import { attachWordFile, publishFulltext } from "./fulltext-admin.testing";

const upload = attachWordFile;

describe("full text admin", () => {
  it("refuses a file that is no Word document, and the page stays without full text until staff publish", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const auth = bearer(await adminToken(j));
    const pdf = await upload(j.host, a.id, auth, new File([new TextEncoder().encode("%PDF-1.4 not a docx")], "paper.docx"));
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toEqual({ error: "not_docx" });
    const broken = await upload(j.host, a.id, auth, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "paper.docx"));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "invalid_docx" });
    const none = (await (await request(j.host, `/api/admin/articles/${a.id}/fulltext`, { headers: auth })).json()) as FulltextAnswer;
    expect(none.draft_html).toBe("");

    expect((await upload(j.host, a.id, auth, new File([everyElementManuscript()], "m.docx"))).status).toBe(200);
    const page = `/archives/2024/vol3/issue2/${a.refnumber}`;
    // A draft is staff's alone.
    expect(await (await request(j.host, page)).text()).not.toContain("citation_fulltext_html_url");
    const publish = (p: boolean) => publishFulltext(j.host, a.id, auth, p);
    expect((await publish(true)).status).toBe(200);
    const html = await (await request(j.host, page)).text();
    expect(html).toContain("citation_fulltext_html_url");
    expect(html).toContain('id="fulltext-title"');
    expect(await (await request(j.host, `${page}.xml`)).text()).toContain("<body>");
    // Withdrawn: the page is as before.
    expect((await publish(false)).status).toBe(200);
    expect(await (await request(j.host, page)).text()).not.toContain("citation_fulltext_html_url");
  });

  it("staff's corrected draft is sanitized: scripts and foreign addresses never reach readers", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    const auth = bearer(await adminToken(j));
    await upload(j.host, a.id, auth, new File([everyElementManuscript()], "m.docx"));
    const res = await request(j.host, `/api/admin/articles/${a.id}/fulltext`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        html: '<section><h2 id="s1" onclick="x()">Intro</h2><p>Text<script>alert(1)</script><img src="https://evil.example/x.png"></p></section>',
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FulltextAnswer;
    expect(body.draft_html).toBe('<section><h2 id="s1">Intro</h2><p>Text</p></section>');
    expect(body.unpublished_changes).toBe(true);
  });

  it("reads references into their parts, keeps staff's corrections and fills DOIs from Crossref's matching", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, {
      referenceList: [
        "Rao AK, Singh P. Heavy metals in river sediments of Kerala. J Environ Sci. 2020;12(3):45-52.",
        "Okafor C. Nitrogen fixation by Rhizobium in cowpea fields. Afr J Biotechnol. 2018;17(4):101-109. doi:10.5897/AJB2018.1",
      ].join("\n"),
    });
    const auth = bearer(await adminToken(j));
    const read = (await (await request(j.host, `/api/admin/articles/${a.id}/references`, { headers: auth })).json()) as ReferencesAnswer;
    expect(read.references[0]).toMatchObject({
      year: "2020",
      title: "Heavy metals in river sediments of Kerala",
      source: "J Environ Sci",
      volume: "12",
      issue: "3",
      fpage: "45",
      lpage: "52",
      doi: "",
    });
    expect(read.references[0].authors).toEqual([
      { family: "Rao", given: "AK" },
      { family: "Singh", given: "P" },
    ]);
    expect(read.references[1]).toMatchObject({ doi: "10.5897/AJB2018.1", doiFrom: "text" });

    const corrected = { ...read.references[0], source: "Journal of Environmental Sciences" };
    const put = await request(j.host, `/api/admin/articles/${a.id}/references`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ references: [corrected] }),
    });
    expect(put.status).toBe(200);
    const match = (await (
      await request(j.host, `/api/admin/articles/${a.id}/references/match`, { method: "POST", headers: auth })
    ).json()) as ReferencesAnswer;
    expect(match.matched).toBe(1);
    expect(match.references[0]).toMatchObject({ source: "Journal of Environmental Sciences", checked: true, doiFrom: "crossref" });
    expect(match.references[0].doi).toMatch(/^10\.5555\/standin\./);
    // The DOI the text gave stays as it was.
    expect(match.references[1].doi).toBe("10.5897/AJB2018.1");
    const xml = await (await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.xml`)).text();
    expect(xml).toContain("<source>Journal of Environmental Sciences</source>");
    expect(xml).toContain(`<pub-id pub-id-type="doi">${match.references[0].doi}</pub-id>`);
  });

  it("staff's verdict on a Crossref match sticks: a rejected match is not asked again, an accepted one is staff's", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, {
      referenceList: [
        "Rao AK, Singh P. Heavy metals in river sediments of Kerala. J Environ Sci. 2020;12(3):45-52.",
        "Okafor C, Bello T. Nitrogen fixation by Rhizobium in cowpea fields of Nigeria. Afr J Biotechnol. 2018;17(4):101-109.",
      ].join("\n"),
    });
    const auth = bearer(await adminToken(j));
    const refs = `/api/admin/articles/${a.id}/references`;
    const match = async () =>
      (await (await request(j.host, `${refs}/match`, { method: "POST", headers: auth })).json()) as ReferencesAnswer;
    const first = await match();
    expect(first.matched).toBe(2);
    const [wrong, right] = first.references;
    expect(wrong.doiFrom).toBe("crossref");
    const put = await request(j.host, refs, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        references: [
          { ...wrong, doi: "", doiFrom: "staff", checked: true },
          { ...right, doiFrom: "staff", checked: true },
        ],
      }),
    });
    expect(put.status).toBe(200);
    // Asked again: the rejected reference keeps no DOI, the accepted one keeps its DOI, nothing new is matched.
    const again = await match();
    expect(again.matched).toBe(0);
    expect(again.references[0]).toMatchObject({ doi: "", doiFrom: "staff", checked: true });
    expect(again.references[1]).toMatchObject({ doi: right.doi, doiFrom: "staff" });
    // The JATS carries the accepted DOI and none for the rejected reference.
    const xml = await (await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.xml`)).text();
    expect(xml).toContain(`<pub-id pub-id-type="doi">${right.doi}</pub-id>`);
    expect(xml).not.toContain(wrong.doi);
  });

  it("refuses a correction of a reference the article no longer has", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, {
      referenceList: "Rao AK. Heavy metals in river sediments of Kerala. J Environ Sci. 2020;12(3):45-52.",
    });
    const auth = bearer(await adminToken(j));
    const read = (await (await request(j.host, `/api/admin/articles/${a.id}/references`, { headers: auth })).json()) as ReferencesAnswer;
    const res = await request(j.host, `/api/admin/articles/${a.id}/references`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ references: [{ ...read.references[0], raw: "A reference that was removed meanwhile." }] }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "references_changed" });
  });
});
