// Attack (issue 25, item 7): a disabled editor's picture stays reachable at a name guessable from the editor's name
// (/assets/editors/bilal-asif.png). Editor pictures are served only for enabled editors, as article PDFs are only
// for public articles; and disabling an editor takes the picture down at once, even after it was cached.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { createEditor, createJournal, request } from "#tests/api/fixtures";
import { fileKeys } from "../core/files/keys";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe("attack: fetching a disabled editor's picture by its guessable name", () => {
  it("serves an editor's picture only while the editor is enabled", async () => {
    const j = await createJournal();
    const shown = await createEditor(j.id, { name: "Amina Yusuf", picture: "amina-yusuf.png" });
    await createEditor(j.id, { name: "Bilal Asif", picture: "bilal-asif.png", status: "disabled" });
    // Pictures left in R2: the two editors', and one with no editor at all (an old upload).
    for (const file of ["amina-yusuf.png", "bilal-asif.png", "old-upload.png"]) {
      await env.FILES.put(fileKeys.editorPicture(j.id, file), PNG, { httpMetadata: { contentType: "image/png" } });
    }
    const get = (file: string) => request(j.host, `/assets/editors/${file}`, { headers: { "cf-connecting-ip": "203.0.113.9" } });
    expect((await get("amina-yusuf.png")).status).toBe(200);
    for (const file of ["bilal-asif.png", "old-upload.png", "BILAL-ASIF.png"]) {
      const res = await get(file);
      expect([file, res.status]).toEqual([file, 404]);
      expect(res.headers.get("content-type") ?? "").not.toContain("image/");
    }
    // The default picture still answers.
    expect((await get("avatar.png")).status).toBe(200);

    // Disabling the shown editor (through the admin API, as staff do) takes the picture down for the next reader.
    const token = await adminToken(j);
    const form = new FormData();
    form.set("status", "disabled");
    const toggled = await request(j.host, `/api/editors/${shown.id}`, { method: "POST", headers: bearer(token), body: form });
    expect(toggled.status).toBe(200);
    expect((await get("amina-yusuf.png")).status).toBe(404);

    // Staff still see it, through the admin API with their token (the admin list points there), never cached.
    const list = (await (await request(j.host, "/api/admin/editors", { headers: bearer(token) })).json()) as {
      id: number;
      picture_url: string;
    }[];
    const url = list.find((e) => e.id === shown.id)!.picture_url;
    expect(url).toBe(`/api/admin/editors/${shown.id}/picture`);
    const staff = await request(j.host, url, { headers: bearer(token) });
    expect([staff.status, staff.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    expect(new Uint8Array(await staff.arrayBuffer())).toEqual(PNG);
    expect((await request(j.host, url)).status).toBe(401);
  });
});
