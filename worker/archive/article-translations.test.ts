// An article's other language versions (issue 50 item 4): staff add, edit and remove them through the article
// form's API, which takes only the shipped languages, one version each and none in the article's own language;
// the public answer carries them; search finds the article by either language's words.
import { describe, expect, it } from "vitest";
import { createIssue, createJournal, getJson, pdfBytes, unique } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

const ARABIC = {
  lang: "ar",
  title: "تأثير ملوحة التربة على إنبات بذور القمح",
  abstract: "<p>درسنا أثر ملوحة التربة في إنبات بذور القمح في ثلاث مناطق.</p>",
  keywords: "ملوحة التربة, القمح",
};
const INDONESIAN = {
  lang: "id",
  title: "Pengaruh salinitas tanah terhadap perkecambahan gandum",
  abstract: "<p>Kami meneliti pengaruh salinitas tanah terhadap perkecambahan benih gandum.</p>",
  keywords: "salinitas tanah, gandum",
};

async function setup() {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 2);
  return { j, token: await adminToken(j, { username: "editor1" }) };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

function form(over: Record<string, string>, withPdf = true): FormData {
  const n = unique("t").replace(/[^A-Za-z0-9]/g, "");
  const fields: Record<string, string> = {
    title: `Soil salinity and wheat germination ${n}`,
    abstract: "We studied how soil salinity affects the germination of wheat seeds.",
    authorname: "A. Rahman, S. Putri",
    refnumber: `REF-${n}`,
    txnid: `TXN-${n}`,
    ptype: "free",
    pagenumber: "1-9",
    publishdate: "2024-05-06",
    year: "2024",
    volume: "3",
    issue: "2",
    email: "author@example.org",
    keywords: "soil salinity, wheat",
    ...over,
  };
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (withPdf) f.set("pdfFile", new File([pdfBytes("upload")], "paper.pdf", { type: "application/pdf" }));
  return f;
}

const add = (c: Ctx, body: FormData) => getJson(c.j.host, "/api/admin/archives/", { method: "POST", headers: bearer(c.token), body });
const edit = (c: Ctx, id: number, body: FormData) =>
  getJson(c.j.host, `/api/archives/${id}`, { method: "POST", headers: bearer(c.token), body });

describe("an article's language versions through the staff API", () => {
  it("stores Arabic and Indonesian versions beside the English one and answers them to readers", async () => {
    const c = await setup();
    const r = await add(c, form({ translations: JSON.stringify([ARABIC, { ...INDONESIAN, lang: "ID" }]) }));
    expect(r.status).toBe(201);
    // Tags are stored as the shipped languages spell them ("ID" -> "id").
    expect(r.body.article.translations.map((t: { lang: string }) => t.lang)).toEqual(["ar", "id"]);
    const pub = await getJson(c.j.host, `/api/archives/${r.body.article.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.translations).toEqual([ARABIC, INDONESIAN]);
  });

  it.each([
    ["a language the site does not ship", [{ ...ARABIC, lang: "de" }], "invalid_language"],
    ["a tag that is no language", [{ ...ARABIC, lang: "<script>" }], "invalid_language"],
    ["two versions in one language", [ARABIC, { ...ARABIC, title: "عنوان آخر" }], "duplicate_language"],
    ["a version in the article's own language", [{ ...INDONESIAN, lang: "en" }], "duplicate_language"],
    ["a version with neither title nor abstract", [{ lang: "ar", title: " ", abstract: "<p></p>", keywords: "x" }], "invalid_input"],
    ["not a list", { lang: "ar" }, "invalid_input"],
  ])("refuses %s (400) and stores nothing", async (_what, translations, code) => {
    const c = await setup();
    const r = await add(c, form({ translations: JSON.stringify(translations) }));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(code);
    const all = await getJson(c.j.host, "/api/admin/search?q=salinity", { headers: bearer(c.token) });
    expect(all.body.count).toBe(0);
  });

  it("refuses a version in the journal's language when the article names none", async () => {
    const c = await setup();
    // The test journal's language is English; an Indonesian article may carry an English version.
    const r = await add(c, form({ language: "", translations: JSON.stringify([{ ...INDONESIAN, lang: "en" }]) }));
    expect(r.body.error).toBe("duplicate_language");
    const ok = await add(c, form({ language: "id", translations: JSON.stringify([{ ...INDONESIAN, lang: "en", title: "In English" }]) }));
    expect(ok.status).toBe(201);
  });

  it("edits and removes a version; a save without the field keeps the stored versions", async () => {
    const c = await setup();
    const added = await add(c, form({ translations: JSON.stringify([ARABIC]) }));
    const id = added.body.article.id;
    const kept = await edit(
      c,
      id,
      (() => {
        const f = new FormData();
        f.set("subject", "Agronomy");
        return f;
      })(),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.article.translations).toEqual([ARABIC]);
    const changed = await edit(
      c,
      id,
      (() => {
        const f = new FormData();
        f.set("translations", JSON.stringify([{ ...ARABIC, title: "ملوحة التربة والقمح" }, INDONESIAN]));
        return f;
      })(),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.article.translations.map((t: { title: string }) => t.title)).toEqual(["ملوحة التربة والقمح", INDONESIAN.title]);
    const removed = await edit(
      c,
      id,
      (() => {
        const f = new FormData();
        f.set("translations", "[]");
        return f;
      })(),
    );
    expect(removed.body.article.translations).toEqual([]);
  });
});

describe("search in either language", () => {
  it("finds the article by words of its Arabic or Indonesian version, and stops when the version is removed", async () => {
    const c = await setup();
    const added = await add(c, form({ translations: JSON.stringify([ARABIC, INDONESIAN]) }));
    const id = added.body.article.id;
    for (const q of ["ملوحة", "perkecambahan", "gandum", "wheat"]) {
      const r = await getJson(c.j.host, `/api/search?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(
        r.body.results.map((x: { id: number }) => x.id),
        q,
      ).toEqual([id]);
    }
    const f = new FormData();
    f.set("translations", JSON.stringify([ARABIC]));
    await edit(c, id, f);
    expect((await getJson(c.j.host, `/api/search?q=perkecambahan`)).body.count).toBe(0);
    expect((await getJson(c.j.host, `/api/search?q=${encodeURIComponent("القمح")}`)).body.count).toBe(1);
  });
});
