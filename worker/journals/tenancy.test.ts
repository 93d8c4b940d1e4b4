// Two journals on two hosts never see each other's settings, articles, editors, issues, files or search results.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createArticle,
  createEditor,
  createIndexing,
  createIssue,
  createJournal,
  db,
  getJson,
  putArticleFile,
  request,
} from "#tests/api/fixtures";
import { journals } from "../core/data/schema";
import { fileKeys } from "../core/files/keys";
import { bodyText } from "#tests/api/body-text";

async function populated(name: string, ref: string) {
  const j = await createJournal({ websitename: name });
  await createIssue(j.id, 2024, 3, 1);
  const a = await createArticle(j.id, {
    year: 2024,
    volume: 3,
    issue: 1,
    refnumber: ref,
    title: `Shared keyword study of ${name}`,
    file: `${ref}.pdf`,
  });
  await putArticleFile(j.id, { year: 2024, volume: 3, issue: 1, file: `${ref}.pdf` });
  const e = await createEditor(j.id, { name: `Editor of ${name}`, picture: "face.png" });
  await env.FILES.put(fileKeys.editorPicture(j.id, "face.png"), `face of ${name}`);
  await createIndexing(j.id, { title: `Index of ${name}`, image: "logo.png" });
  await env.FILES.put(fileKeys.indexingLogo(j.id, "logo.png"), `logo of ${name}`);
  return { ...j, article: a, editor: e };
}

describe("tenancy", () => {
  it("keeps two journals on two hosts apart on every public call", async () => {
    const a = await populated("Alpha", "ALPHA-1");
    const b = await populated("Beta", "BETA-1");

    expect((await getJson(a.host, "/api/settings")).body.websitename).toBe("Alpha");
    expect((await getJson(b.host, "/api/settings")).body.websitename).toBe("Beta");

    const issueA = (await getJson(a.host, "/api/archives/2024/3/1")).body;
    expect(issueA.articles.map((x: { refnumber: string }) => x.refnumber)).toEqual(["ALPHA-1"]);
    expect((await getJson(a.host, "/api/archives/ref/BETA-1")).status).toBe(404);
    expect((await getJson(a.host, `/api/archives/${b.article.id}`)).status).toBe(404);
    expect((await getJson(a.host, `/api/editors/${b.editor.id}`)).status).toBe(404);
    expect((await getJson(a.host, "/api/editors")).body.map((e: { name: string }) => e.name)).toEqual(["Editor of Alpha"]);
    expect((await getJson(b.host, "/api/indexing")).body.map((e: { title: string }) => e.title)).toEqual(["Index of Beta"]);

    const search = (await getJson(a.host, "/api/search?q=shared keyword")).body;
    expect(search.results.map((x: { refnumber: string }) => x.refnumber)).toEqual(["ALPHA-1"]);

    // Same public path, different journal: each host gets its own object, never the other's.
    expect(await bodyText(await request(a.host, "/assets/editors/face.png"))).toBe("face of Alpha");
    expect(await bodyText(await request(b.host, "/assets/editors/face.png"))).toBe("face of Beta");
    expect(await bodyText(await request(b.host, "/assets/indexing/logo.png"))).toBe("logo of Beta");
    expect((await request(a.host, "/assets/archives/2024/vol3issue1/BETA-1.pdf")).status).toBe(404);
    expect((await request(b.host, "/assets/archives/2024/vol3issue1/BETA-1.pdf")).status).toBe(200);
  });

  it("answers on a journal's alias hosts and ignores the port and case of the host", async () => {
    const a = await createJournal({ websitename: "Aliased" });
    const { journalDomains } = await import("../core/data/schema");
    await db.insert(journalDomains).values({ domain: `www.${a.host}`, journalId: a.id });
    expect((await getJson(`WWW.${a.host.toUpperCase()}:8443`, "/api/settings")).body.websitename).toBe("Aliased");
  });

  it("sends unknown hosts to the default journal", async () => {
    let [def] = await db.select().from(journals).where(eq(journals.isDefault, true));
    if (!def)
      def = await createJournal({ websitename: "The Default Journal", isDefault: true }).then(
        async (j) => (await db.select().from(journals).where(eq(journals.id, j.id)))[0],
      );
    const { body } = await getJson("unknown-host.example", "/api/settings");
    expect(body.websitename).toBe(def.websitename);
  });
});
