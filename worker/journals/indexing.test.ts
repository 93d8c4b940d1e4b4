import { describe, expect, it } from "vitest";
import { createIndexing, createJournal, getJson } from "#tests/api/fixtures";

describe("GET /api/indexing/", () => {
  it("lists enabled entries only, ordered by sortnumber, with logo paths", async () => {
    const j = await createJournal();
    await createIndexing(j.id, { title: "Third", sortnumber: 30, image: "third.png" });
    await createIndexing(j.id, { title: "First", sortnumber: 1, image: "first.png" });
    await createIndexing(j.id, { title: "Hidden", sortnumber: 2, status: "disabled" });
    await createIndexing(j.id, { title: "Second", sortnumber: 10 });
    const { status, body } = await getJson(j.host, "/api/indexing");
    expect(status).toBe(200);
    expect(body.map((e: { title: string }) => e.title)).toEqual(["First", "Second", "Third"]);
    expect(body[0].image_url).toBe("/assets/indexing/first.png");
    expect(body[1].image_url).toBe("");
  });
});
