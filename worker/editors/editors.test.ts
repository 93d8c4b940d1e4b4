import { describe, expect, it } from "vitest";
import { createEditor, createJournal, getJson } from "#tests/api/fixtures";

describe("GET /api/editors/", () => {
  it("lists enabled editors only, with the default avatar when there is no picture", async () => {
    const j = await createJournal();
    const withPic = await createEditor(j.id, { name: "Dr. Amina Yusuf", picture: "amina.jpg", category: "chief editor" });
    await createEditor(j.id, { name: "Dr. Hidden", status: "disabled" });
    await createEditor(j.id, { name: "Prof. Rahul Verma", category: "associate editor" });
    const { status, body } = await getJson(j.host, "/api/editors/");
    expect(status).toBe(200);
    expect(body.map((e: { name: string }) => e.name)).toEqual(["Dr. Amina Yusuf", "Prof. Rahul Verma"]);
    expect(body[0]).toMatchObject({ id: withPic.id, picture_url: "/assets/editors/amina.jpg", category: "chief editor" });
    expect(body[1].picture_url).toBe("/img/avatar.png");
    expect(body[0]).not.toHaveProperty("journalId");
  });
});

describe("GET /api/editors/{id}", () => {
  it("answers one enabled editor", async () => {
    const j = await createJournal();
    const e = await createEditor(j.id, { name: "Dr. Li Wei", degree: "PhD" });
    const { status, body } = await getJson(j.host, `/api/editors/${e.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: e.id, name: "Dr. Li Wei", degree: "PhD" });
  });

  it("is a 404 for a disabled or unknown editor and a 400 for a malformed id", async () => {
    const j = await createJournal();
    const hidden = await createEditor(j.id, { status: "disabled" });
    expect((await getJson(j.host, `/api/editors/${hidden.id}`)).status).toBe(404);
    expect(await getJson(j.host, "/api/editors/999999").then((r) => [r.status, r.body])).toEqual([404, { error: "not_found" }]);
    for (const bad of ["abc", "1.5", "-3", "0"]) {
      const r = await getJson(j.host, `/api/editors/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ error: "invalid_id" });
    }
  });
});
