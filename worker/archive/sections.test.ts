// Issues as journals publish them (issue 37 item 5): a chosen year (back issues and next year's), a special issue's
// title, description and date; the journal's sections in their order; the public issue page grouped by section,
// keeping SPEC's columns and the page-number order inside each section.
import { describe, expect, it } from "vitest";
import { createArticle, createJournal, getJson, request } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";

async function setup() {
  const j = await createJournal();
  const token = await tokenFor(await createAdmin(j.id, { role: "production" }));
  const post = (path: string, body: unknown) =>
    getJson(j.host, path, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { j, token, post };
}

const html = async (host: string, path: string) =>
  (await (await request(host, path, { headers: { accept: "text/html" } })).text()).replace(/<!-- -->/g, "");

describe("issues", () => {
  it("are made for the year chosen: a back issue and next year's; a special issue keeps its title, description and date", async () => {
    const { j, post, token } = await setup();
    const next = new Date().getUTCFullYear() + 1;
    expect((await post("/api/admin/create-issue", { volume: 1, issue: 1, year: 2019 })).status).toBe(201);
    expect((await post("/api/admin/create-issue", { volume: 8, issue: 1, year: next })).status).toBe(201);
    expect((await post("/api/admin/create-issue", { volume: 9, issue: 1, year: next + 1 })).status).toBe(400);
    const special = await post("/api/admin/create-issue", {
      volume: 7,
      issue: 3,
      year: 2025,
      title: "Special Issue on Soil Microbiomes",
      description: "<p>Guest editors: <i>A. Rao</i></p>",
      publishedAt: "2025-09-30",
    });
    expect(special).toMatchObject({
      status: 201,
      body: { issue: { title: "Special Issue on Soil Microbiomes", publishedAt: "2025-09-30" } },
    });
    const list = await getJson(j.host, "/api/admin/archives", { headers: bearer(token) });
    expect(list.body.map((i: { year: number; title: string }) => [i.year, i.title])).toEqual(
      expect.arrayContaining([
        [2019, ""],
        [next, ""],
        [2025, "Special Issue on Soil Microbiomes"],
      ]),
    );
    expect((await post("/api/admin/create-issue", { volume: 7, issue: 4, year: 2025, publishedAt: "2025-02-30" })).status).toBe(400);
  });
});

describe("sections", () => {
  it("are added in order, reordered, and group the public issue page in that order, by page number inside each", async () => {
    const { j, post } = await setup();
    const made = await post("/api/admin/create-issue", { volume: 7, issue: 3, year: 2025, title: "Special Issue on Soil Microbiomes" });
    // Published, so the public issue page shows it (docs/decisions/0383).
    expect((await post(`/api/admin/issues/${made.body.issue.id}/publication`, { status: "published" })).status).toBe(200);
    const research = (await post("/api/admin/sections", { title: "Research Articles" })).body.section;
    const review = (await post("/api/admin/sections", { title: "Review Articles" })).body.section;
    const short = (await post("/api/admin/sections", { title: "Short Communications" })).body.section;
    expect([research.seq, review.seq, short.seq]).toEqual([10, 20, 30]);
    expect(await post("/api/admin/sections", { title: "research articles" })).toMatchObject({
      status: 409,
      body: { error: "duplicate_section" },
    });

    const at = { year: 2025, volume: 7, issue: 3 };
    const a = await createArticle(j.id, { ...at, title: "Rhizosphere bacteria", pagenumber: "20-29" });
    const b = await createArticle(j.id, { ...at, title: "A review of nitrogen fixers", pagenumber: "1-19" });
    const c = await createArticle(j.id, { ...at, title: "Early results", pagenumber: "30-33" });
    const d = await createArticle(j.id, { ...at, title: "Fungal networks", pagenumber: "5-9" });
    const e = await createArticle(j.id, { ...at, title: "Unsorted note", pagenumber: "40-41" });
    for (const [article, section] of [
      [a, research],
      [d, research],
      [b, review],
      [c, short],
    ] as const) {
      expect((await post(`/api/admin/articles/${article.id}/section`, { sectionId: section.id })).status).toBe(200);
    }
    // Reviews first now.
    const ordered = await post("/api/admin/sections/order", { ids: [review.id, research.id, short.id] });
    expect(ordered.body.map((s: { title: string }) => s.title)).toEqual(["Review Articles", "Research Articles", "Short Communications"]);

    const page = await html(j.host, "/archives/2025/vol7/issue3");
    expect(page).toContain("Special Issue on Soil Microbiomes");
    const order = [
      ">Review Articles</h2>",
      "A review of nitrogen fixers",
      ">Research Articles</h2>",
      "Fungal networks",
      "Rhizosphere bacteria",
      ">Short Communications</h2>",
      "Early results",
      ">Articles</h2>",
      "Unsorted note",
    ];
    const positions = order.map((text) => page.indexOf(text, page.indexOf("<main")));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    // SPEC's columns, in every section's table.
    expect(page.match(/<th scope="col"[^>]*>S\.No\.<\/th>/g)?.length).toBe(4);
    // The public JSON keeps its shape (no section fields leak into it).
    const api = await getJson(j.host, "/api/archives/2025/vol7/issue3");
    expect(Object.keys(api.body.articles[0])).not.toContain("sectionId");
    expect(api.body.articles.map((x: { id: number }) => x.id)).toEqual([b.id, d.id, a.id, c.id, e.id]);
  });

  it("an article goes only into a section of its own journal; editors' roles are not needed, but a session is", async () => {
    const one = await setup();
    const two = await setup();
    const section = (await one.post("/api/admin/sections", { title: "Research Articles" })).body.section;
    const theirs = await createArticle(two.j.id, {});
    expect((await two.post(`/api/admin/articles/${theirs.id}/section`, { sectionId: section.id })).status).toBe(404);
    expect((await request(one.j.host, "/api/admin/sections")).status).toBe(401);
  });
});

describe("deleting a section (issue 37 item 2)", () => {
  it("an empty section goes; one with articles is refused with the count, unless its articles are moved (or left without one)", async () => {
    const { j, post, token } = await setup();
    const del = (id: number, body?: unknown) =>
      getJson(j.host, `/api/admin/sections/${id}`, {
        method: "DELETE",
        headers: body === undefined ? bearer(token) : { ...bearer(token), "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const made: { id: number }[] = [];
    for (const title of ["Research Articles", "Review Articles", "Letters"])
      made.push((await post("/api/admin/sections", { title })).body.section);
    const a1 = await createArticle(j.id, { refnumber: "S-1", pagenumber: "1-2", year: 2025, volume: 1, issue: 1 });
    const a2 = await createArticle(j.id, { refnumber: "S-2", pagenumber: "3-4", year: 2025, volume: 1, issue: 1 });
    await post(`/api/admin/articles/${a1.id}/section`, { sectionId: made[0].id });
    await post(`/api/admin/articles/${a2.id}/section`, { sectionId: made[0].id });

    expect((await del(made[2].id)).body).toMatchObject({ deleted: { id: made[2].id, title: "Letters" }, moved: 0 });
    const refused = await del(made[0].id);
    expect(refused).toMatchObject({ status: 409, body: { error: "section_in_use", articles: 2 } });
    // Not to itself, nor to another journal's section.
    expect((await del(made[0].id, { moveTo: made[0].id })).status).toBe(404);
    const moved = await del(made[0].id, { moveTo: made[1].id });
    expect(moved.body).toMatchObject({ deleted: { title: "Research Articles" }, moved: 2 });
    const table = await getJson(j.host, "/api/admin/archives/2025/1/1", { headers: bearer(token) });
    expect(table.body.articles.map((a: { section_id: number | null }) => a.section_id)).toEqual([made[1].id, made[1].id]);
    // null: the articles keep no section.
    expect((await del(made[1].id, { moveTo: null })).body).toMatchObject({ moved: 2 });
    const after = await getJson(j.host, "/api/admin/archives/2025/1/1", { headers: bearer(token) });
    expect(after.body.articles.map((a: { section_id: number | null }) => a.section_id)).toEqual([null, null]);
    expect((await getJson(j.host, "/api/admin/sections", { headers: bearer(token) })).body).toEqual([]);
    expect((await del(made[1].id)).status).toBe(404);
    expect((await del(999_999_999, { moveTo: "x" })).body).toEqual({ error: "invalid_input" });
  });
});
